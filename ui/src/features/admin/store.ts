import { create } from 'zustand';
import type { Admin } from './api';

interface AdminState {
  admin: Admin | null;
  setAdmin: (admin: Admin | null) => void;
}

export const useAdmin = create<AdminState>((set) => ({
  admin: null,
  setAdmin: (admin) => set({ admin }),
}));
