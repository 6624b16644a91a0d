import { request } from '@/lib/core';

/**
 * `/slider/test`: one try per picture; `x` is the piece's left edge in picture pixels and `track` the slide's
 * movement (see ../track.ts), without which the server refuses the try.
 */
export function testSlider(token: string, x: number, track: string): Promise<{ captchaVerification: string }> {
  return request<{ captchaVerification: string }>('/slider/test', { token, x, track });
}
