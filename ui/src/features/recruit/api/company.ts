import { request } from '@/lib/core';
import type { Company } from './types';

/** `/comcompany/get`: the member's company. */
export function getCompany(): Promise<Company> {
  return request<Company>('/comcompany/get');
}

/** `/comcompany/save` (owner): every field but `id`. */
export function saveCompany(fields: Omit<Company, 'id'>): Promise<unknown> {
  return request('/comcompany/save', { ...fields });
}
