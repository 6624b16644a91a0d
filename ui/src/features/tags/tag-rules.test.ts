import { describe, expect, it } from 'vitest';
import { checkTags } from '@/lib/core/rules';
import { addDraft, charCount, draftProblem, removeTag, sameList, serverProblem, splitDraft, usedChars } from './tag-rules';

const BLACK = ['赌博', '刷单'];

describe('splitDraft', () => {
  it('splits on commas (both widths), 、 and semicolons, trims and drops empties', () => {
    expect(splitDraft(' Java, Go，前端、 后端;;  ')).toEqual(['Java', 'Go', '前端', '后端']);
    expect(splitDraft('   ')).toEqual([]);
  });
});

describe('counting', () => {
  it('counts characters as the server does (code points)', () => {
    expect(charCount('前端开发')).toBe(4);
    expect(charCount('😀a')).toBe(2);
    expect(usedChars(['Java', '后端', '微服务'])).toBe(9);
  });
});

describe('addDraft', () => {
  it('adds a typed tag at the end', () => {
    expect(addDraft(['Java'], ' 前端 ', BLACK, checkTags)).toEqual({ ok: true, tags: ['Java', '前端'], added: ['前端'] });
  });

  it('adds several at once and skips those already there, whatever their case', () => {
    expect(addDraft(['Java'], 'java, Go, go', BLACK, checkTags)).toEqual({ ok: true, tags: ['Java', 'Go'], added: ['Go'] });
  });

  it('says so when everything typed is already there', () => {
    expect(addDraft(['Java'], 'JAVA', BLACK, checkTags)).toEqual({ ok: false, problem: { key: 'tags.duplicate', values: { tag: 'JAVA' } } });
  });

  it('asks for text when nothing was typed', () => {
    expect(addDraft(['Java'], ' ， ', BLACK, checkTags)).toEqual({ ok: false, problem: { key: 'tags.emptyDraft' } });
  });

  it('refuses a tag of 31 characters and takes one of 30', () => {
    const t30 = '一'.repeat(30);
    const t31 = '一'.repeat(31);
    expect(addDraft([], t30, BLACK, checkTags).ok).toBe(true);
    expect(addDraft([], t31, BLACK, checkTags)).toEqual({ ok: false, problem: { key: 'tags.tooLong', values: { tag: t31, max: 30 } } });
  });

  it('refuses a tag holding a forbidden word', () => {
    expect(addDraft(['Java'], '网络刷单兼职', BLACK, checkTags)).toEqual({
      ok: false,
      problem: { key: 'tags.blackWord', values: { tag: '网络刷单兼职', word: '刷单' } },
    });
  });

  it('refuses a tag that takes the list over 200 characters in all', () => {
    const list = Array.from({ length: 7 }, (_, i) => `${i}`.padEnd(28, '字')); // 196 characters
    expect(usedChars(list)).toBe(196);
    expect(addDraft(list, '四个字的', BLACK, checkTags)).toMatchObject({ ok: true });
    expect(addDraft(list, '五个字的词', BLACK, checkTags)).toEqual({ ok: false, problem: { key: 'tags.totalTooLong', values: { max: 200 } } });
  });
});

describe('draftProblem (instant message while typing)', () => {
  it('is quiet for an empty draft, a good draft and a duplicate', () => {
    expect(draftProblem(['Java'], '', BLACK, checkTags)).toBeNull();
    expect(draftProblem(['Java'], 'Go', BLACK, checkTags)).toBeNull();
    expect(draftProblem(['Java'], 'java', BLACK, checkTags)).toBeNull();
  });

  it('speaks up for a long tag or a forbidden word', () => {
    expect(draftProblem([], 'a'.repeat(31), BLACK, checkTags)?.key).toBe('tags.tooLong');
    expect(draftProblem([], '赌博', BLACK, checkTags)?.key).toBe('tags.blackWord');
  });
});

describe('list helpers', () => {
  it('removes exactly the tag', () => {
    expect(removeTag(['Java', '后端', '微服务'], '后端')).toEqual(['Java', '微服务']);
  });

  it('compares lists in order', () => {
    expect(sameList(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameList(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameList(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('serverProblem (BAD_INPUT message of /tag/addTags)', () => {
  it('reads the three rules with the tag they name', () => {
    expect(serverProblem('tags.tooLong: 很长的标签')).toEqual({ key: 'tags.tooLong', values: { tag: '很长的标签', max: 30 } });
    expect(serverProblem('tags.totalTooLong')).toEqual({ key: 'tags.totalTooLong', values: { max: 200 } });
    expect(serverProblem('tags.blackWord: 赌博技巧')).toEqual({ key: 'tags.blackWord', values: { tag: '赌博技巧', word: '' } });
  });

  it('gives up on anything else', () => {
    expect(serverProblem('tags: bad json')).toBeNull();
    expect(serverProblem(undefined)).toBeNull();
  });
});
