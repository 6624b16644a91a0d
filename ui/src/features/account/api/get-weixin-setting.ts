import { request } from '@/lib/core';

export interface WeiXinSetting {
  bound: boolean;
  nickname: string | null;
  /** `dev` (the embedded stand-in) or `official` */
  provider: string;
}

/** `/pcuser/getWeiXinSetting`: the WeChat binding as it stands. */
export function getWeiXinSetting(): Promise<WeiXinSetting> {
  return request<WeiXinSetting>('/pcuser/getWeiXinSetting');
}
