import { describe, expect, it } from 'vitest';
import type { ResumeSection } from '@/lib/core';
import type { Resume } from './api/types';
import { draftsFromFile } from './fill-from-file';

const field = (name: string) => ({ name, widget: { type: 'input' as const }, required: false, max: null, format: 'none' as const });
const sections = [
  { name: 'basic', kind: 'single', fields: ['name', 'mobile', 'email'].map(field), maxItems: 1 },
  { name: 'work', kind: 'list', fields: ['company', 'start', 'end'].map(field), maxItems: 20 },
  { name: 'resumeFile', kind: 'files', fields: [field('name')], maxItems: 3 },
] as unknown as ResumeSection[];

function resume(s: Resume['sections']): Resume {
  return { id: 1, resumeType: 1, title: 't', filled: true, updatedAt: 0, sections: s, photo: null, files: {}, complete: {} };
}

describe('draftsFromFile', () => {
  it('fills only what is empty and adds only entries not held, never overwriting what is saved', () => {
    const saved = resume({ basic: { name: '张伟', mobile: '', email: 'old@example.com' }, work: [{ id: 9, data: { company: '腾讯', start: '2019-07', end: 'now' } }] });
    const found = {
      basic: { name: '张三', mobile: '13812345678', email: 'new@example.com' },
      work: [
        { id: null, data: { company: '腾讯', start: '2019-07', end: '2021-06' } },
        { id: null, data: { company: '阿里巴巴', start: '2016-07', end: '2019-06' } },
        { id: null, data: { company: '', start: '', end: '' } },
      ],
      pasted: null,
    };
    const out = draftsFromFile(found, saved, sections);
    expect(out.drafts.basic).toEqual([{ mobile: '13812345678' }]);
    expect(out.drafts.work).toEqual([{ company: '阿里巴巴', start: '2016-07', end: '2019-06' }]);
    expect(out.drafts.pasted).toBeUndefined();
  });

  it('opens nothing for a form the file adds nothing to', () => {
    const saved = resume({ basic: { name: '张伟', mobile: '13800000000', email: 'a@b.cn' }, work: [] });
    expect(draftsFromFile({ basic: { name: '张三' }, work: [] }, saved, sections).drafts).toEqual({});
  });
});
