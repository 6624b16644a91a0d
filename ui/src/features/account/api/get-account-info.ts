import { call } from '@/lib/api/call';
import type { AccountInfo } from '@/lib/api/answers';

/** `mobile`: the full number (shown masked); null for partner accounts that never gave one. */
export type { AccountInfo } from '@/lib/api/answers';

/** `/pcuser/accountInfo`: what /my/account shows. */
export function getAccountInfo(): Promise<AccountInfo> {
  return call('/pcuser/accountInfo');
}
