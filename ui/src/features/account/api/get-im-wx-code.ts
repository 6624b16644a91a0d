import { call } from '@/lib/api/call';
import type { WxCode } from '@/lib/api/answers';

/** `qrContent` is drawn as a QR code; `expiresAt`: ms since the epoch. */
export type { WxCode } from '@/lib/api/answers';

/** `/im/getImWxCode`: a QR code for binding WeChat (10 minutes). */
export function getImWxCode(): Promise<WxCode> {
  return call('/im/getImWxCode');
}
