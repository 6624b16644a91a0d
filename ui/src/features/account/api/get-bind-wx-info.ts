import { call } from '@/lib/api/call';
import type { BindWxInfo } from '@/lib/api/answers';

/** `status`: the QR code's state, when asked with its scene. */
export type { BindWxInfo, WxScanStatus } from '@/lib/api/answers';

/** `/pcuser/getBindWxInfo`: polled while the QR code shows. */
export function getBindWxInfo(scene: string): Promise<BindWxInfo> {
  return call('/pcuser/getBindWxInfo', { scene });
}
