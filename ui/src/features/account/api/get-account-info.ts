import { request } from '@/lib/core';

export interface AccountInfo {
  /** the full number (shown masked); null for partner accounts that never gave one */
  mobile: string | null;
  email: string | null;
  hasPassword: boolean;
  name: string;
}

/** `/pcuser/accountInfo`: what /my/account shows. */
export function getAccountInfo(): Promise<AccountInfo> {
  return request<AccountInfo>('/pcuser/accountInfo');
}
