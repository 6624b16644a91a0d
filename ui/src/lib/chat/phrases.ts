import { useEffect } from 'react';
import { create } from 'zustand';
import { chatPhrases, resetChatPhrases, saveChatPhrases, type ChatFace, type ChatPhrases, type PhraseKind } from '@/lib/api/chat';

/**
 * The caller's greetings (打招呼语) and quick replies (常用语), fetched once per face and language and
 * shared by every composer of the tab; the manager's saves replace them. Built-in ones come in the
 * page's language until the user saves their own (domain/chat_tools.rs).
 */
interface PhrasesState {
  key: string | null;
  phrases: ChatPhrases | null;
}

export const usePhrases = create<PhrasesState>(() => ({ key: null, phrases: null }));

let loading: string | null = null;

async function load(face: ChatFace, lang: string) {
  const key = `${face}:${lang}`;
  if (loading === key) return;
  loading = key;
  try {
    const phrases = await chatPhrases(face, lang);
    usePhrases.setState({ key, phrases });
  } catch {
    // The composer then offers none; the next mount asks again.
  } finally {
    loading = null;
  }
}

/** The caller's phrases while the component is mounted (null until they come). */
export function usePhrasesOf(face: ChatFace, lang: string): ChatPhrases | null {
  const key = `${face}:${lang}`;
  const state = usePhrases();
  useEffect(() => {
    if (usePhrases.getState().key !== key) void load(face, lang);
  }, [face, lang, key]);
  return state.key === key ? state.phrases : null;
}

/** Saves the whole list of a kind (the default greeting at `defaultIndex`). */
export async function savePhrases(face: ChatFace, lang: string, kind: PhraseKind, texts: string[], defaultIndex: number): Promise<void> {
  const phrases = await saveChatPhrases(face, kind, texts, defaultIndex, lang);
  usePhrases.setState({ key: `${face}:${lang}`, phrases });
}

/** Back to the built-in phrases of a kind. */
export async function resetPhrases(face: ChatFace, lang: string, kind: PhraseKind): Promise<void> {
  const phrases = await resetChatPhrases(face, kind, lang);
  usePhrases.setState({ key: `${face}:${lang}`, phrases });
}
