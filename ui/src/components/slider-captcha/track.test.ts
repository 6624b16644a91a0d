import { describe, expect, it } from 'vitest';
import { MAX_SAMPLES, Track } from './track';

describe('slider track', () => {
  it('records time from the first sample, the piece x and the pointer height, rounded to hundredths', () => {
    let now = 1000;
    const track = new Track(() => now);
    expect(track.empty()).toBe(true);
    track.add('p', 0, 0);
    now = 1016.4567;
    track.add('p', 3.14159, -1.005);
    now = 1040;
    track.add('k', 7, 0);
    expect(JSON.parse(track.toJSON())).toEqual([
      [0, 0, 0, 'p'],
      [16.46, 3.14, -1, 'p'],
      [40, 7, 0, 'k'],
    ]);
    track.reset();
    expect(track.empty()).toBe(true);
    now = 5000;
    track.add('k', 1, 0);
    expect(JSON.parse(track.toJSON())).toEqual([[0, 1, 0, 'k']]);
  });

  it('keeps at most the samples the server takes, the last one always the newest', () => {
    let now = 0;
    const track = new Track(() => now);
    for (let i = 0; i < MAX_SAMPLES + 50; i++) {
      now = i * 16;
      track.add('p', i, 0);
    }
    const samples = JSON.parse(track.toJSON()) as unknown[][];
    expect(samples).toHaveLength(MAX_SAMPLES);
    expect(samples[MAX_SAMPLES - 1][1]).toBe(MAX_SAMPLES + 49);
    expect(samples[MAX_SAMPLES - 2][1]).toBe(MAX_SAMPLES - 2);
  });
});
