import { useEffect } from 'react';
import { create } from 'zustand';

/** Which open forms hold edits not yet saved, by form key (`<section>:<entry id | new>`). */
interface DirtyState {
  forms: Record<string, true>;
  mark: (key: string, dirty: boolean) => void;
  clear: () => void;
}

export const useDirtyForms = create<DirtyState>((set) => ({
  forms: {},
  mark: (key, dirty) =>
    set((s) => {
      if (dirty === Boolean(s.forms[key])) return s;
      const forms = { ...s.forms };
      if (dirty) forms[key] = true;
      else delete forms[key];
      return { forms };
    }),
  clear: () => set({ forms: {} }),
}));

export function hasUnsaved(forms: Record<string, true>): boolean {
  return Object.keys(forms).length > 0;
}

/** Closing or reloading the tab with unsaved edits asks first (the browser words that prompt). */
export function useBeforeUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
