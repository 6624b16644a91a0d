import type { FoundSections } from '@/lib/api/answers';
import type { ResumeSection } from '@/lib/core';
import type { Resume, SectionValues } from './api/types';
import { entries, singleValues } from './api/types';

/** The analysis's sections (`/resume/analyzeFile`): forms an object or null, lists `[{id: null, data}]`. */
export type { FoundSections };

function filled(v: string | string[] | undefined): boolean {
  return Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '';
}

/** What makes two entries the same one: the period's start and the section's first field (company, school, name…). */
function sameEntry(section: ResumeSection, a: SectionValues, b: SectionValues): boolean {
  const first = section.fields[0]?.name ?? '';
  const norm = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().toLowerCase();
  return norm(a[first]) !== '' && norm(a[first]) === norm(b[first]) && norm(a.start) === norm(b.start);
}

/**
 * The drafts "fill my resume from this file" opens, in the shape of a JSON Resume import: what is saved is never
 * overwritten. A form takes only the fields found that are still empty in it (none: no draft); a list takes the
 * entries found that it does not hold already.
 */
export function draftsFromFile(found: FoundSections, resume: Resume, sections: ResumeSection[]): { ok: true; drafts: Record<string, SectionValues[]>; dropped: number } {
  const drafts: Record<string, SectionValues[]> = {};
  for (const section of sections) {
    const value = found[section.name];
    if (!value || section.kind === 'files') continue;
    if (Array.isArray(value)) {
      const saved = entries(resume, section.name).map((e) => e.data);
      const fresh = value.map((e) => e.data).filter((d) => Object.values(d).some(filled) && !saved.some((s) => sameEntry(section, s, d)));
      if (fresh.length) drafts[section.name] = fresh;
    } else {
      const saved = singleValues(resume, section.name) ?? {};
      const gaps = Object.fromEntries(Object.entries(value).filter(([k, v]) => filled(v) && !filled(saved[k])));
      if (Object.keys(gaps).length) drafts[section.name] = [gaps];
    }
  }
  return { ok: true, drafts, dropped: 0 };
}
