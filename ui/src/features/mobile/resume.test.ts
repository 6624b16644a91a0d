import { describe, expect, it } from 'vitest';
import type { ResumeField } from '@/lib/core';
import { inputAttrs, problemText } from './resume';

const field = (widget: ResumeField['widget'], format: ResumeField['format'] = 'none'): ResumeField => ({ name: 'x', widget, required: false, max: null, format });

describe('mobile resume forms', () => {
  it('gives each field the keyboard it needs', () => {
    expect(inputAttrs(field({ type: 'input' }, 'mobile'))).toMatchObject({ type: 'tel', inputMode: 'tel' });
    expect(inputAttrs(field({ type: 'input' }, 'emails')).inputMode).toBe('email');
    expect(inputAttrs(field({ type: 'input' }, 'qq')).inputMode).toBe('numeric');
    expect(inputAttrs(field({ type: 'month' })).type).toBe('month');
    expect(inputAttrs(field({ type: 'date' })).type).toBe('date');
    expect(inputAttrs(field({ type: 'number' })).inputMode).toBe('numeric');
    expect(inputAttrs(field({ type: 'input' })).type).toBe('text');
  });
  it('reads core-wasm problems through the mobile catalogue', () => {
    const t = ((key: string, v?: { label?: string; limit?: number }) => `${key}|${v?.label ?? ''}|${v?.limit ?? ''}`) as never;
    expect(problemText(t, { key: 'resume.v.maxChars', limit: 20 }, '姓名')).toBe('m.v.maxChars|姓名|20');
    expect(problemText(t, { key: 'other' }, '姓名')).toBe('m.v.other|姓名|');
  });
});
