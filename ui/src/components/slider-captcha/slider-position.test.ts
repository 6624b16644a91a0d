import { describe, expect, it } from 'vitest';
import { clampOffset, handleTravel, offsetFor, pieceLeftFor, pieceXFor, scaleOf, submittedX, type SliderGeometry } from './slider-position';

const full: SliderGeometry = { pictureWidth: 310, pieceWidth: 51, displayWidth: 310, handleWidth: 51 };
const narrow: SliderGeometry = { pictureWidth: 310, pieceWidth: 51, displayWidth: 279, handleWidth: 40 };

describe('slider position', () => {
  it('at full size and a handle as wide as the piece, the handle offset is the picture x', () => {
    expect(scaleOf(full)).toBe(1);
    expect(handleTravel(full)).toBe(259);
    for (const x of [0, 1, 57, 120.5, 259]) expect(pieceXFor(x, full)).toBeCloseTo(x, 9);
    expect(pieceLeftFor(100, full)).toBeCloseTo(100, 9);
  });

  it('scales when the picture is displayed narrower', () => {
    expect(scaleOf(narrow)).toBeCloseTo(0.9, 9);
    expect(handleTravel(narrow)).toBe(239);
    // The handle's end is the piece's end.
    expect(pieceXFor(239, narrow)).toBeCloseTo(259, 9);
    expect(pieceLeftFor(239, narrow)).toBeCloseTo(259 * 0.9, 9);
    // Half way is half way.
    expect(pieceXFor(119.5, narrow)).toBeCloseTo(129.5, 9);
    expect(submittedX(119.5, narrow)).toBe(130);
  });

  it('keeps the handle on the track', () => {
    expect(clampOffset(-12, narrow)).toBe(0);
    expect(clampOffset(999, narrow)).toBe(239);
    expect(clampOffset(Number.NaN, narrow)).toBe(0);
    expect(pieceXFor(-5, narrow)).toBe(0);
    expect(pieceXFor(1000, narrow)).toBeCloseTo(259, 9);
  });

  it('inverts: the offset for a picture x lands on that x', () => {
    for (const g of [full, narrow]) {
      for (const x of [0, 71, 150, 233, 259]) expect(pieceXFor(offsetFor(x, g), g)).toBeCloseTo(x, 9);
    }
  });

  it('survives degenerate sizes', () => {
    const tiny = { pictureWidth: 310, pieceWidth: 51, displayWidth: 30, handleWidth: 40 };
    expect(handleTravel(tiny)).toBe(0);
    expect(pieceXFor(10, tiny)).toBe(0);
    expect(scaleOf({ ...full, pictureWidth: 0 })).toBe(1);
  });
});
