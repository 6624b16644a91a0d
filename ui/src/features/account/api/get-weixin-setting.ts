import { call } from '@/lib/api/call';
import type { WeiXinSetting } from '@/lib/api/answers';

/** `provider`: `dev` (the embedded stand-in) or `official`. */
export type { WeiXinSetting } from '@/lib/api/answers';

/** `/pcuser/getWeiXinSetting`: the WeChat binding as it stands. */
export function getWeiXinSetting(): Promise<WeiXinSetting> {
  return call('/pcuser/getWeiXinSetting');
}
