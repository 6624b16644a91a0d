import { create } from 'zustand';
import type { ResumeImport, ResumeSection } from '@/lib/core';
import type { Resume, SectionValues } from './api/types';
import { entries, singleValues } from './api/types';

/** An imported entry waiting in an unsaved form until the candidate completes and saves it. */
export interface Draft {
  id: number;
  values: SectionValues;
}

interface DraftState {
  drafts: Record<string, Draft[]>;
  /** Replaces the drafts with an import's; answers how many were opened and how many did not fit. */
  load: (imported: Extract<ResumeImport, { ok: true }>, resume: Resume, sections: ResumeSection[]) => { opened: number; dropped: number };
  remove: (section: string, id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useImportDrafts = create<DraftState>((set) => ({
  drafts: {},
  load: (imported, resume, sections) => {
    const drafts: Record<string, Draft[]> = {};
    let opened = 0;
    let dropped = imported.dropped;
    for (const section of sections) {
      const found = imported.drafts[section.name] ?? [];
      if (found.length === 0) continue;
      // A list keeps room for what is saved already; a single form takes the import over what is saved.
      const room = section.kind === 'list' ? Math.max(0, section.maxItems - entries(resume, section.name).length) : 1;
      const kept = found.slice(0, room);
      dropped += found.length - kept.length;
      if (kept.length === 0) continue;
      drafts[section.name] = kept.map((values) => ({ id: nextId++, values }));
      opened += kept.length;
    }
    set({ drafts });
    return { opened, dropped };
  },
  remove: (section, id) =>
    set((s) => {
      const rest = (s.drafts[section] ?? []).filter((d) => d.id !== id);
      const drafts = { ...s.drafts };
      if (rest.length) drafts[section] = rest;
      else delete drafts[section];
      return { drafts };
    }),
  clear: () => set({ drafts: {} }),
}));

/** A single section's form values with the draft laid over what is saved. */
export function overSaved(resume: Resume, section: string, draft: Draft, blank: SectionValues): SectionValues {
  return { ...blank, ...(singleValues(resume, section) ?? {}), ...draft.values };
}
