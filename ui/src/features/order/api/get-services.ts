import { request } from '@/lib/core';

export interface Service {
  code: string;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  /** integer fen */
  amountFen: number;
  /** how long it runs once paid */
  days: number;
}

/** `/order/services`: the value-added services on sale. */
export async function getServices(): Promise<Service[]> {
  const list = await request<Service[] | null | undefined>('/order/services');
  return Array.isArray(list) ? list : [];
}
