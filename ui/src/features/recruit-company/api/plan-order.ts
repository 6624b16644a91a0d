import { call } from '@/lib/api/call';
import type { CompanyOrder, CompanyOrderPage, PaidPlan, PlanOrderCreated } from '@/lib/api/answers';

/** Shapes of `/complan/plans` and `/complan/order/*` (docs/api.md, "Paid plans through company orders"). */
export type { CompanyOrder, PaidPlan };
export type OrderPage = CompanyOrderPage;
/** 1 pending payment, 2 paid, 3 expired, 4 cancelled, 5 refunded. */
export type CompanyOrderStatus = CompanyOrder['status'];

/** `/complan/plans`: the paid plans. */
export function getPlans(): Promise<PaidPlan[]> {
  return call('/complan/plans');
}

/** `/complan/order/create` (owner): a pending order and where to pay it. */
export function createOrder(planCode: string): Promise<PlanOrderCreated> {
  return call('/complan/order/create', { planCode });
}

/** `/complan/order/list`: the company's orders, newest first. */
export function listOrders(current: number, pagesize: number): Promise<OrderPage> {
  return call('/complan/order/list', { current, pagesize });
}

/** `/complan/order/cancel` (owner): a pending order. */
export function cancelOrder(orderNo: string): Promise<boolean> {
  return call('/complan/order/cancel', { orderNo });
}
