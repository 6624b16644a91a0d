import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';

/** `/order/cancel`: cancels a pending order. Errors: NOT_FOUND, ORDER_NOT_PAYABLE (no longer pending). */
export async function cancelOrder(orderNo: string): Promise<true> {
  answered(await call('/order/cancel', { orderNo }));
  return true;
}
