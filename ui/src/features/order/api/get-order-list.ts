import { call } from '@/lib/api/call';
import type { Order, OrderPage } from '@/lib/api/answers';

export type { Order, OrderPage };

/** `/order/orderList`: one page of the caller's orders, newest first (`current` is the page). */
export async function getOrderList(current: number, pagesize: number): Promise<OrderPage> {
  const answer = await call('/order/orderList', { current, pagesize });
  return answer ?? { list: [], total: 0, page: current, pagesize };
}
