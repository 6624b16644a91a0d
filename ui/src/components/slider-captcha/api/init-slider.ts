import { request } from '@/lib/core';

/** A slider picture: `bg` (width x height) and `piece` are PNG data URLs; the piece sits at `y` and slides from x = 0. */
export interface SliderChallenge {
  token: string;
  bg: string;
  piece: string;
  y: number;
  width: number;
  height: number;
  pieceWidth: number;
}

/** `/slider/init`: a new picture. */
export function initSlider(): Promise<SliderChallenge> {
  return request<SliderChallenge>('/slider/init');
}
