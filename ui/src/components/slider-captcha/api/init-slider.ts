import { call } from '@/lib/api/call';
import type { SliderChallenge } from '@/lib/api/answers';

/** A slider picture: `bg` (width x height) and `piece` are PNG data URLs; the piece sits at `y` and slides from x = 0. */
export type { SliderChallenge };

/** `/slider/init`: a new picture. */
export function initSlider(): Promise<SliderChallenge> {
  return call('/slider/init');
}
