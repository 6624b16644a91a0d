/**
 * Editing rules of the tag list. The limits themselves (30 characters a tag, 200 in all, no
 * forbidden word) are the core's `checkTags`, the same code the server runs; it is passed in
 * so these rules can be tested with another check. TAG_MAX and TAGS_TOTAL_MAX are the core's
 * constants, exported from Rust.
 */
import { TAG_MAX, TAGS_TOTAL_MAX, type TagCheck } from '@/lib/core';

export { TAG_MAX, TAGS_TOTAL_MAX };

export type Check = (tags: string[], blackWords: string[]) => TagCheck;

/** An i18n key with its values: what to tell the user. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

export type AddResult = { ok: true; tags: string[]; added: string[] } | { ok: false; problem: Problem };

/** Characters as the server counts them (code points, so an emoji is one). */
export function charCount(s: string): number {
  return [...s].length;
}

/** Characters used by all tags together. */
export function usedChars(tags: string[]): number {
  return tags.reduce((n, t) => n + charCount(t), 0);
}

/** What was typed, as tags: several may be typed at once, separated by commas or 、. */
export function splitDraft(draft: string): string[] {
  return draft
    .split(/[,，、;；\n]/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

function sameTag(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The core's verdict as a message. */
export function checkProblem(check: Extract<TagCheck, { ok: false }>): Problem {
  switch (check.problem) {
    case 'tags.tooLong':
      return { key: 'tags.tooLong', values: { tag: check.tag ?? '', max: TAG_MAX } };
    case 'tags.totalTooLong':
      return { key: 'tags.totalTooLong', values: { max: TAGS_TOTAL_MAX } };
    case 'tags.blackWord':
      return { key: 'tags.blackWord', values: { tag: check.tag ?? '', word: check.word ?? '' } };
  }
}

/**
 * Adds what was typed to the list. Nothing typed, only tags already there, or a list the core
 * refuses give a problem; otherwise the new list (trimmed, duplicates dropped) and the tags added.
 */
export function addDraft(current: string[], draft: string, blackWords: string[], check: Check): AddResult {
  const parts = splitDraft(draft);
  if (parts.length === 0) return { ok: false, problem: { key: 'tags.emptyDraft' } };
  const fresh = parts.filter((p, i) => !current.some((c) => sameTag(c, p)) && parts.findIndex((q) => sameTag(q, p)) === i);
  if (fresh.length === 0) return { ok: false, problem: { key: 'tags.duplicate', values: { tag: parts[0] } } };
  const verdict = check([...current, ...fresh], blackWords);
  if (!verdict.ok) return { ok: false, problem: checkProblem(verdict) };
  return { ok: true, tags: verdict.tags, added: fresh };
}

/**
 * The message to show while typing, before Enter: the draft checked with the list.
 * Nothing for an empty draft, and nothing for a tag that is already there (Enter says so).
 */
export function draftProblem(current: string[], draft: string, blackWords: string[], check: Check): Problem | null {
  if (splitDraft(draft).length === 0) return null;
  const result = addDraft(current, draft, blackWords, check);
  if (result.ok || result.problem.key === 'tags.duplicate') return null;
  return result.problem;
}

export function removeTag(current: string[], tag: string): string[] {
  return current.filter((t) => t !== tag);
}

/** Whether two lists hold the same tags in the same order. */
export function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** The server's BAD_INPUT message (`tags.tooLong: <tag>`, `tags.totalTooLong`, `tags.blackWord: <tag>`) as a message. */
export function serverProblem(message: unknown): Problem | null {
  if (typeof message !== 'string') return null;
  const m = /^(tags\.(?:tooLong|totalTooLong|blackWord))(?::\s*(.*))?$/s.exec(message.trim());
  if (!m) return null;
  const tag = m[2]?.trim() ?? '';
  switch (m[1]) {
    case 'tags.tooLong':
      return { key: 'tags.tooLong', values: { tag, max: TAG_MAX } };
    case 'tags.totalTooLong':
      return { key: 'tags.totalTooLong', values: { max: TAGS_TOTAL_MAX } };
    default:
      return { key: 'tags.blackWord', values: { tag, word: '' } };
  }
}
