import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';

/** `/order/cancel`: cancels a pending order. Errors: NOT_FOUND, ORDER_NOT_PAYABLE (no longer pending). */
export async function cancelOrder(orderNo: string): Promise<true> {
  answered(await request<boolean | undefined>('/order/cancel', { orderNo }));
  return true;
}
