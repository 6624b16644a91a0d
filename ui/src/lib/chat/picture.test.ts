import { describe, expect, it } from 'vitest';
import { THUMB_PX, thumbSize } from './picture';

describe("a picture's thumbnail box", () => {
  it('fits the longer side into 240 px, keeping the shape', () => {
    expect(thumbSize(800, 600)).toEqual({ width: THUMB_PX, height: 180 });
    expect(thumbSize(640, 960)).toEqual({ width: 160, height: THUMB_PX });
    expect(thumbSize(1600, 800)).toEqual({ width: 240, height: 120 });
  });

  it('never enlarges a small picture, and never answers a zero side', () => {
    expect(thumbSize(120, 90)).toEqual({ width: 120, height: 90 });
    expect(thumbSize(3000, 2)).toEqual({ width: 240, height: 1 });
    expect(thumbSize(0, 0)).toEqual({ width: 1, height: 1 });
  });
});
