import { call } from '@/lib/api/call';
import type { Service } from '@/lib/api/answers';

export type { Service };

/** `/order/services`: the value-added services on sale. */
export async function getServices(): Promise<Service[]> {
  const list = await call('/order/services');
  return Array.isArray(list) ? list : [];
}
