import { request } from '@/lib/core';

export interface WxCode {
  scene: string;
  /** drawn as a QR code */
  qrContent: string;
  /** ms since the epoch */
  expiresAt: number;
}

/** `/im/getImWxCode`: a QR code for binding WeChat (10 minutes). */
export function getImWxCode(): Promise<WxCode> {
  return request<WxCode>('/im/getImWxCode');
}
