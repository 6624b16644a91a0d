import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';

export interface CreatedOrder {
  orderNo: string;
  /** the checkout page of the payment provider */
  payUrl: string;
  amountFen: number;
  /** payable until then (ms since the epoch) */
  expiresAt: number;
}

/** `/order/create`: a pending order for a service. Errors: BAD_INPUT (unknown service). */
export async function createOrder(serviceCode: string): Promise<CreatedOrder> {
  return answered(await request<CreatedOrder | undefined>('/order/create', { serviceCode }));
}
