import { request } from '@/lib/core';
import type { Quotas } from './plan';

/** Shapes of `/complan/plans` and `/complan/order/*` (docs/api.md, "Paid plans through company orders"). */
export interface PaidPlan {
  code: 'basic_30d' | 'pro_30d';
  nameZh: string;
  nameEn: string;
  amountFen: number;
  days: number;
  quotas: Quotas;
}

/** 1 pending payment, 2 paid, 3 expired, 4 cancelled, 5 refunded. */
export type CompanyOrderStatus = 1 | 2 | 3 | 4 | 5;

export interface CompanyOrder {
  orderNo: string;
  planCode: string;
  planNameZh: string;
  planNameEn: string;
  amountFen: number;
  status: CompanyOrderStatus;
  createdAt: number;
  expiresAt: number;
  paidAt: number | null;
  effectiveFrom: number | null;
  effectiveUntil: number | null;
  payUrl: string | null;
}

export interface OrderPage {
  list: CompanyOrder[];
  total: number;
  page: number;
  pagesize: number;
}

/** `/complan/plans`: the paid plans. */
export function getPlans(): Promise<PaidPlan[]> {
  return request<PaidPlan[]>('/complan/plans');
}

/** `/complan/order/create` (owner): a pending order and where to pay it. */
export function createOrder(planCode: string): Promise<{ orderNo: string; payUrl: string; amountFen: number; expiresAt: number }> {
  return request('/complan/order/create', { planCode });
}

/** `/complan/order/list`: the company's orders, newest first. */
export function listOrders(current: number, pagesize: number): Promise<OrderPage> {
  return request<OrderPage>('/complan/order/list', { current, pagesize });
}

/** `/complan/order/cancel` (owner): a pending order. */
export function cancelOrder(orderNo: string): Promise<boolean> {
  return request<boolean>('/complan/order/cancel', { orderNo });
}
