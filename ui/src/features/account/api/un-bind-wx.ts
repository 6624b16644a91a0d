import { request } from '@/lib/core';

/** `/pcuser/unBindWx`. */
export function unBindWx(): Promise<boolean> {
  return request<boolean>('/pcuser/unBindWx');
}
