import { create } from 'zustand';
import type { Member } from './api/types';

/** The company member of this tab: set by the log-in, the registration and the recruiter guard. */
export const useRecruiter = create<{ member: Member | null; setMember: (m: Member | null) => void }>((set) => ({
  member: null,
  setMember: (member) => set({ member }),
}));
