import { call } from '@/lib/api/call';

/** `/pcuser/unBindWx`. */
export function unBindWx(): Promise<boolean> {
  return call('/pcuser/unBindWx');
}
