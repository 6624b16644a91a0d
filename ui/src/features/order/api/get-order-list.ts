import { request } from '@/lib/core';

export interface Order {
  orderNo: string;
  serviceCode: string;
  serviceNameZh: string;
  serviceNameEn: string;
  /** integer fen */
  amountFen: number;
  /** 1 pending, 2 paid, 3 expired, 4 cancelled */
  status: number;
  /** ms since the epoch */
  createdAt: number;
  expiresAt: number | null;
  paidAt: number | null;
  effectiveUntil: number | null;
  /** only while pending */
  payUrl: string | null;
}

export interface OrderPage {
  list: Order[];
  total: number;
  page: number;
  pagesize: number;
}

/** `/order/orderList`: one page of the caller's orders, newest first (`current` is the page). */
export async function getOrderList(current: number, pagesize: number): Promise<OrderPage> {
  const answer = await request<OrderPage | null | undefined>('/order/orderList', { current, pagesize });
  return answer ?? { list: [], total: 0, page: current, pagesize };
}
