import { request } from '@/lib/core';

/** `/slider/test`: one try per picture; `x` is the piece's left edge in picture pixels. */
export function testSlider(token: string, x: number): Promise<{ captchaVerification: string }> {
  return request<{ captchaVerification: string }>('/slider/test', { token, x });
}
