import { call } from '@/lib/api/call';
import type { AnswerOf } from '@/lib/api/answers';

/**
 * `/slider/test`: one try per picture; `x` is the piece's left edge in picture pixels and `track` the slide's
 * movement (see ../track.ts), without which the server refuses the try.
 */
export function testSlider(token: string, x: number, track: string): Promise<AnswerOf<'/slider/test'>> {
  return call('/slider/test', { token, x, track });
}
