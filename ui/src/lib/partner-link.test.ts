import { describe, expect, it } from 'vitest';
import { partnerLinkOf, withoutPartnerLink } from './partner-link';

describe('partner links', () => {
  it('reads a complete signed link', () => {
    const url = new URL('http://x.cn/zgzx/my/apply?platformId=p1&id=u1&type=1&ts=1700000000&sign=ab&page=2');
    expect(partnerLinkOf(url)).toEqual({ platformId: 'p1', id: 'u1', type: '1', ts: '1700000000', sign: 'ab' });
    expect(withoutPartnerLink(url)).toBe('/zgzx/my/apply?page=2');
  });

  it('ignores links without a signature', () => {
    expect(partnerLinkOf(new URL('http://x.cn/zgzx/?platformId=p1&id=u1&type=1'))).toBeNull();
    expect(partnerLinkOf(new URL('http://x.cn/my/tags'))).toBeNull();
  });
});
