/**
 * The movement of one slide, as /slider/test wants it: `[[t, x, y, kind], ...]` with `t` in ms since
 * the first sample, `x` the piece's left edge in picture pixels, `y` the pointer's height in screen
 * pixels from where the drag began (0 for keys), and `kind` "p" (pointer) or "k" (key). The server
 * refuses a slide no person could have made (docs/api.md, /slider/test).
 */
export type TrackSample = [number, number, number, 'p' | 'k'];

/** The server takes at most 1,500 samples; a longer slide keeps its first ones and its end. */
export const MAX_SAMPLES = 1500;

const round2 = (v: number) => Math.round(v * 100) / 100;

export class Track {
  private samples: TrackSample[] = [];
  private start = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  reset(): void {
    this.samples = [];
  }

  empty(): boolean {
    return this.samples.length === 0;
  }

  add(kind: 'p' | 'k', x: number, y: number): void {
    const now = this.now();
    if (this.samples.length === 0) this.start = now;
    const sample: TrackSample = [round2(Math.max(0, now - this.start)), round2(x), round2(y), kind];
    if (this.samples.length >= MAX_SAMPLES) this.samples[MAX_SAMPLES - 1] = sample;
    else this.samples.push(sample);
  }

  get length(): number {
    return this.samples.length;
  }

  toJSON(): string {
    return JSON.stringify(this.samples);
  }
}
