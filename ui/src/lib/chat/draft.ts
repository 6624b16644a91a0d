/**
 * The composer's drafts: what was typed and not sent survives a reload, one draft per conversation and face
 * (a browser may hold a candidate's and a member's session). Kept in localStorage; a storage that refuses
 * (private mode, full) only loses the draft.
 */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'chat-draft:';

function storageOr(storage?: DraftStorage): DraftStorage | undefined {
  if (storage) return storage;
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function draftKey(face: string, conversationId: number): string {
  return `${PREFIX}${face}:${conversationId}`;
}

/** The draft kept for a conversation, or ''. */
export function loadDraft(face: string, conversationId: number, storage?: DraftStorage): string {
  try {
    return storageOr(storage)?.getItem(draftKey(face, conversationId)) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the draft; an empty (or blank) one is removed, so a sent message leaves nothing behind. */
export function saveDraft(face: string, conversationId: number, text: string, storage?: DraftStorage): void {
  const s = storageOr(storage);
  if (!s) return;
  try {
    if (text.trim() === '') s.removeItem(draftKey(face, conversationId));
    else s.setItem(draftKey(face, conversationId), text);
  } catch {
    // a full or refused storage: the draft is only lost at a reload
  }
}
