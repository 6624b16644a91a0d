import { useEffect } from 'react';
import { create } from 'zustand';

interface ToastState {
  text: string;
  kind: 'info' | 'error';
  seq: number;
  show: (text: string, kind?: 'info' | 'error') => void;
}

const useToast = create<ToastState>((set) => ({
  text: '',
  kind: 'info',
  seq: 0,
  show: (text, kind = 'info') => set((s) => ({ text, kind, seq: s.seq + 1 })),
}));

/** A short message in the middle of the screen, as phones show them; no antd. */
export const mToast = {
  info: (text: string) => useToast.getState().show(text, 'info'),
  error: (text: string) => useToast.getState().show(text, 'error'),
};

export function ToastHost() {
  const { text, kind, seq } = useToast();
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => useToast.setState({ text: '' }), 2200);
    return () => clearTimeout(timer);
  }, [text, seq]);
  if (!text) return null;
  return (
    <div className={`m-toast m-toast-${kind}`} role={kind === 'error' ? 'alert' : 'status'} key={seq}>
      {text}
    </div>
  );
}
