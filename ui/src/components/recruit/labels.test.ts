import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import catalogue from './i18n';
import { stageLabel } from './labels';

/** A translation function over the recruit catalogue in one language, as i18next would answer. */
function translator(lang: 'zh-CN' | 'en-US'): TFunction {
  return ((key: string, options?: { defaultValue?: string }) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue[lang]);
    return typeof value === 'string' ? value : (options?.defaultValue ?? key);
  }) as unknown as TFunction;
}

describe('stageLabel', () => {
  it('reads the default stages in the reader language and leaves a company own names alone', () => {
    const en = translator('en-US');
    expect(stageLabel(en, '新投递')).toBe('New');
    expect(stageLabel(en, '不合适')).toBe('Not a fit');
    expect(stageLabel(translator('zh-CN'), '邀请面试')).toBe('邀请面试');
    expect(stageLabel(en, '二面')).toBe('二面');
    expect(stageLabel(en, '')).toBe('');
  });
});
