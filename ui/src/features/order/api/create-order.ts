import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';
import type { CreatedOrder } from '@/lib/api/answers';

export type { CreatedOrder };

/** `/order/create`: a pending order for a service. Errors: BAD_INPUT (unknown service). */
export async function createOrder(serviceCode: string): Promise<CreatedOrder> {
  return answered(await call('/order/create', { serviceCode }));
}
