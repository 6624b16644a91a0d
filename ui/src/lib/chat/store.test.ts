import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@/lib/api/chat';
import { mergeMessages, type Thread } from './store';

const m = (seq: number, clientId: string, mine = true): ChatMessage => ({
  id: seq,
  conversationId: 1,
  seq,
  clientId,
  kind: 'text',
  text: clientId,
  side: mine ? 'candidate' : 'company',
  mine,
  createdAt: seq,
  recalledAt: null,
  job: null,
  exchange: null,
  interview: null,
  recalls: null,
  warning: null,
  closing: null,
  picture: null,
  handOver: null,
});

const empty: Thread = { messages: [], pending: [], lastSeq: 0, readSeq: 0, peerReadSeq: 0, peerDeliveredSeq: 0, loaded: true, failed: false };

describe('merging messages into a thread', () => {
  it('keeps seq order, once each, and lets the acknowledged pending sends go', () => {
    const t0 = { ...empty, pending: [{ clientId: 'a', text: 'a', state: 'sending' as const, at: 0 }, { clientId: 'b', text: 'b', state: 'failed' as const, at: 0 }] };
    const t1 = mergeMessages(t0, [m(2, 'a'), m(1, 'x', false)]);
    expect(t1.messages.map((x) => x.seq)).toEqual([1, 2]);
    expect(t1.pending.map((p) => p.clientId)).toEqual(['b']);
    expect(t1.lastSeq).toBe(2);
    const t2 = mergeMessages(t1, [m(2, 'a'), m(3, 'b')]);
    expect(t2.messages.map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(t2.pending).toEqual([]);
  });

  it("updates a card from the note of its answer, by the card's id", () => {
    const card: ChatMessage = {
      ...m(1, ':exchange:company:1', false),
      kind: 'exchange',
      exchange: { messageId: 1, kind: 'phone', state: 'pending', asker: 'company', answeredAt: null, candidateValue: null, companyValue: null, resume: null },
    };
    const t1 = mergeMessages(empty, [card]);
    const note: ChatMessage = {
      ...m(2, ':exchange-answer:1'),
      kind: 'system',
      exchange: { ...card.exchange!, state: 'accepted', answeredAt: 2, candidateValue: '13800000000', companyValue: '13700000000' },
    };
    const t2 = mergeMessages(t1, [note]);
    expect(t2.messages[0].exchange?.state).toBe('accepted');
    expect(t2.messages[0].exchange?.candidateValue).toBe('13800000000');
    expect(t2.messages[1].exchange?.messageId).toBe(1);
  });

  it('empties a recalled message when its note comes, whichever arrives first', () => {
    const note = { ...m(3, ':recall:2'), kind: 'system' as const, text: '', recalls: 2, createdAt: 99 };
    const flagged = { ...m(2, 'a', false), warning: 'money' };
    const after = mergeMessages(mergeMessages(empty, [m(1, 'x'), flagged]), [note]);
    expect(after.messages[1]).toMatchObject({ seq: 2, text: '', recalledAt: 99, warning: null });
    const before = mergeMessages(mergeMessages(empty, [note]), [flagged]);
    expect(before.messages.find((x) => x.seq === 2)).toMatchObject({ text: '', recalledAt: 99 });
    expect(after.lastSeq).toBe(3);
  });

  it('takes a recalled picture away, and lets a picture sent go with its local preview', () => {
    const picture = { ...m(2, 'p', false), kind: 'picture' as const, text: '', picture: { width: 800, height: 600, url: '/ajax/chat/picture/2' } };
    const note = { ...m(3, ':recall:2', false), kind: 'system' as const, text: '', recalls: 2, createdAt: 99 };
    const recalled = mergeMessages(mergeMessages(empty, [picture]), [note]);
    expect(recalled.messages[0]).toMatchObject({ seq: 2, picture: null, recalledAt: 99 });

    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const pending = { clientId: 'q', text: '', preview: 'blob:preview-q', state: 'sending' as const, at: 0 };
    const other = { clientId: 'r', text: '', preview: 'blob:preview-r', state: 'failed' as const, at: 0 };
    const sent = mergeMessages({ ...empty, pending: [pending, other] }, [{ ...m(4, 'q'), kind: 'picture' as const, picture: { width: 10, height: 10, url: '/ajax/chat/picture/4' } }]);
    expect(sent.pending.map((p) => p.clientId)).toEqual(['r']);
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(revoke).toHaveBeenCalledWith('blob:preview-q');
    revoke.mockRestore();
  });
});
