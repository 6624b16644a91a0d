import { request } from '@/lib/core';

export type WxScanStatus = 'waiting' | 'bound' | 'refused' | 'expired';

export interface BindWxInfo {
  bound: boolean;
  nickname: string | null;
  /** the QR code's state, when asked with its scene */
  status?: WxScanStatus;
}

/** `/pcuser/getBindWxInfo`: polled while the QR code shows. */
export function getBindWxInfo(scene: string): Promise<BindWxInfo> {
  return request<BindWxInfo>('/pcuser/getBindWxInfo', { scene });
}
