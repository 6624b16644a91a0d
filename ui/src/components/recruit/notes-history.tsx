import { App, Button, Empty, Form, Input, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import { formatTime } from '@/lib/format';
import { isRepeatRefusal } from '@/lib/request-error';
import { addNote } from './api/pipeline';
import type { Move, Note } from './api/types';
import { errorKey } from './errors';
import { toMs } from './format';

const NOTE_MAX = 1000;

/**
 * The company's private notes on a card of the pipeline (an application, or an uploaded candidate's place): the form,
 * then the notes. `onAdded` reloads what holds them.
 */
export function NotesSection({ applyId, notes, onAdded, idBase, level = 2, className }: { applyId: number; notes: Note[]; onAdded: () => void; idBase: string; level?: 2 | 3; className?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const Heading = level === 2 ? 'h2' : 'h3';
  const save = async () => {
    const text = note.trim();
    if (!text) {
      setNoteError(t('recruit.detail.noteRequired'));
      return;
    }
    setBusy(true);
    setNoteError(null);
    try {
      answered(await addNote(applyId, text));
      setNote('');
      message.success(t('recruit.detail.noteAdded'));
      onAdded();
    } catch (e) {
      if (!isRepeatRefusal(e)) setNoteError(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={className} aria-labelledby={`${idBase}-notes-title`} data-testid="notes">
      <Heading id={`${idBase}-notes-title`} className="rc-side-title">
        {t('recruit.detail.notes')}
      </Heading>
      <p className="rc-muted">{t('recruit.detail.notesPrivate')}</p>
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label={t('recruit.detail.newNote')} htmlFor={`${idBase}-note`} validateStatus={noteError ? 'error' : undefined} help={noteError ?? undefined}>
          <Input.TextArea id={`${idBase}-note`} rows={3} value={note} maxLength={NOTE_MAX} showCount onChange={(e) => setNote(e.target.value)} placeholder={t('recruit.detail.notePlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="add-note">
          {t('recruit.detail.addNote')}
        </Button>
      </Form>
      {notes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recruit.detail.noNotes')} />
      ) : (
        <ul className="rc-notes">
          {notes.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <span className="rc-muted">
                {n.memberName} · {formatTime(toMs(n.createdAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every move of a card, newest first, with who and when; `landedKey` words the landing in the first stage. */
export function MoveHistory({ moves, stageName, idBase, landedKey, level = 2, className }: { moves: Move[]; stageName: (v: string | number | null) => string; idBase: string; landedKey: string; level?: 2 | 3; className?: string }) {
  const { t } = useTranslation();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className} aria-labelledby={`${idBase}-moves-title`} data-testid="moves">
      <Heading id={`${idBase}-moves-title`} className="rc-side-title">
        {t('recruit.detail.history')}
      </Heading>
      {moves.length === 0 && <p className="rc-muted">{t('recruit.detail.noMoves')}</p>}
      <Timeline
        items={[...moves].reverse().map((m) => ({
          children: (
            <div>
              <div>{m.fromStage ? t('recruit.detail.moved', { from: stageName(m.fromStage), to: stageName(m.toStage) }) : t(landedKey, { to: stageName(m.toStage) })}</div>
              <div className="rc-muted">
                {m.memberName ? `${m.memberName} · ` : ''}
                {formatTime(toMs(m.at))}
              </div>
            </div>
          ),
        }))}
      />
    </section>
  );
}
