import { describe, expect, it } from 'vitest';
import { highlightPieces } from './highlight';

describe('highlightPieces', () => {
  it('marks every term, any case, longest first', () => {
    expect(highlightPieces('Java高级开发工程师', ['开发', 'java'])).toEqual([
      { text: 'Java', hit: true },
      { text: '高级', hit: false },
      { text: '开发', hit: true },
      { text: '工程师', hit: false },
    ]);
    expect(highlightPieces('前端开发', ['前端', '前端开发']).filter((p) => p.hit).map((p) => p.text)).toEqual(['前端开发']);
  });

  it('leaves text without terms alone', () => {
    expect(highlightPieces('UI设计师', [])).toEqual([{ text: 'UI设计师', hit: false }]);
    expect(highlightPieces('UI设计师', ['java'])).toEqual([{ text: 'UI设计师', hit: false }]);
  });
});
