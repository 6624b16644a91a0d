import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tag } from '@/components/ui/tag';
import { toast } from '@/components/ui/toast';
import { formatTime } from '@/lib/format';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { errorKey } from '../errors';
import { AnswerSaver, type SaverState } from './answer-saver';
import { listMyAssessments, saveAnswer, startAssessment, submitAssessment, type MyAssessment, type Paper } from './api';

const STATE_COLOR: Record<MyAssessment['state'], string> = { sent: 'blue', started: 'orange', submitted: 'green', timeUp: 'default' };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** /my/apply's assessments: those companies sent, each answered here with every answer saved as it changes. */
export function AssessmentsPanel() {
  const { t } = useTranslation();
  // A failure shows nothing, or leaves the list shown.
  const { data: list, reload } = useServerData(listMyAssessments, []);
  const [open, setOpen] = useState<number | null>(null);

  if (!list || list.length === 0) return null;
  return (
    <section className="apply-assess" aria-labelledby="apply-assess-title" data-testid="my-assessments">
      <h2 id="apply-assess-title" className="apply-assess-title">
        {t('apply.assess.title')}
      </h2>
      <ul className="apply-assess-list">
        {list.map((a) => (
          <li key={a.id} className="apply-assess-row" data-testid="my-assessment" data-state={a.state}>
            <div className="apply-assess-head">
              <span className="apply-assess-name">{a.name}</span>
              <Tag color={STATE_COLOR[a.state]}>{t(`apply.assess.state.${a.state}`)}</Tag>
            </div>
            <div className="apply-assess-meta muted">
              {a.companyName} · {a.jobTitle} · {t('apply.assess.questions', { count: a.questions })}
              {a.timeLimit > 0 ? ` · ${t('apply.assess.limit', { count: a.timeLimit })}` : ` · ${t('apply.assess.noLimit')}`}
              {' · '}
              {t('apply.assess.sentAt', { time: formatTime(a.sentAt) })}
            </div>
            {open === a.id ? (
              <PaperView
                id={a.id}
                onClose={() => {
                  setOpen(null);
                  reload();
                }}
              />
            ) : (
              <Button type={a.state === 'sent' || a.state === 'started' ? 'primary' : 'default'} onClick={() => setOpen(a.id)} data-testid="open-assessment">
                {t(a.state === 'sent' ? 'apply.assess.start' : a.state === 'started' ? 'apply.assess.continue' : 'apply.assess.view')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function remaining(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function PaperView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<Paper | null>(null);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [saverState, setSaverState] = useState<SaverState>('saved');
  const [now, setNow] = useState(Date.now());
  const [busy, setBusy] = useState(false);
  const saver = useRef<AnswerSaver | null>(null);
  const textTimers = useRef<Record<number, ReturnType<typeof setTimeout>>>({});
  const skew = useRef(0);
  const key = `assessment-answers:${id}`;

  useEffect(() => {
    let live = true;
    startAssessment(id).then(
      (p) => {
        if (!live) return;
        skew.current = p.now - Date.now();
        const s = new AnswerSaver({
          send: (q, a) => saveAnswer(id, q, a),
          storage: storage(),
          key,
          onState: (state, e) => {
            setSaverState(state);
            if (e && state !== 'offline' && !isRepeatRefusal(e)) toast.error(t(errorKey(e)));
          },
        });
        saver.current = s;
        const saved = Object.fromEntries(p.answers.map((a) => [a.question, a.answer]));
        const open = p.state === 'started';
        // Answers typed while the connection was lost come back, over what the server has, and go again.
        const unsent = open ? s.unsent() : {};
        if (!open) s.clear();
        setAnswers({ ...saved, ...Object.fromEntries(Object.entries(unsent).map(([q, a]) => [Number(q), a])) });
        setPaper(p);
        if (open) void s.flush();
      },
      (e: unknown) => {
        if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
      },
    );
    const onOnline = () => void saver.current?.flush();
    window.addEventListener('online', onOnline);
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const timers = textTimers.current;
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
      clearInterval(tick);
      Object.values(timers).forEach(clearTimeout);
      saver.current?.stop();
    };
  }, [id, key, t]);

  if (!paper) return <div className="apply-assess-loading muted">{t('apply.assess.loading')}</div>;

  const serverNow = now + skew.current;
  const timeUp = paper.deadlineAt !== null && serverNow >= paper.deadlineAt;
  const closed = paper.state !== 'started' || timeUp || saverState === 'closed';

  const change = (q: number, answer: string, debounce: boolean) => {
    setAnswers((a) => ({ ...a, [q]: answer }));
    clearTimeout(textTimers.current[q]);
    if (debounce) textTimers.current[q] = setTimeout(() => saver.current?.save(q, answer), 500);
    else saver.current?.save(q, answer);
  };

  const submit = async () => {
    setBusy(true);
    try {
      Object.entries(textTimers.current).forEach(([q, timer]) => {
        clearTimeout(timer);
        saver.current?.save(Number(q), answers[Number(q)] ?? '');
      });
      textTimers.current = {};
      const flushed = closed ? true : await saver.current?.flush();
      if (flushed === false && saverState !== 'closed') {
        toast.error(t('apply.assess.notSaved'));
        return;
      }
      const p = await submitAssessment(id);
      saver.current?.clear();
      setPaper(p);
      toast.success(t('apply.assess.submitted'));
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="apply-paper" data-testid="assessment-paper" onSubmit={(e) => e.preventDefault()} aria-labelledby={`paper-${id}`}>
      <div className="apply-paper-bar">
        <strong id={`paper-${id}`}>{paper.name}</strong>
        {paper.deadlineAt !== null && !closed && (
          <span className="apply-paper-clock" role="timer" aria-live="off" data-testid="assessment-clock">
            {t('apply.assess.left', { time: remaining(paper.deadlineAt - serverNow) })}
          </span>
        )}
        <span className="apply-paper-saved muted" aria-live="polite" data-testid="save-state">
          {closed ? (timeUp && paper.state === 'started' ? t('apply.assess.timeUp') : '') : t(`apply.assess.saver.${saverState}`)}
        </span>
      </div>
      {paper.score !== null && (
        <p className="apply-paper-score" data-testid="assessment-final-score">
          {t('apply.assess.score', { score: paper.score, max: paper.maxScore })}
        </p>
      )}
      {paper.score === null && paper.state !== 'started' && <p className="muted">{t('apply.assess.awaitingScore')}</p>}
      <ol className="apply-paper-questions">
        {paper.questions.map((q, i) => {
          const value = answers[i] ?? '';
          const picked = value.split(',').filter(Boolean);
          return (
            <li key={i} className="apply-paper-q" data-testid="paper-question">
              <fieldset disabled={closed}>
                <legend>
                  {i + 1}. {q.text} <span className="muted">{t('apply.assess.points', { count: q.score })}</span>
                </legend>
                {q.kind === 'text' ? (
                  <textarea
                    className="apply-paper-text"
                    rows={4}
                    maxLength={2000}
                    aria-label={t('apply.assess.answerTo', { n: i + 1 })}
                    value={value}
                    onChange={(e) => change(i, e.target.value, true)}
                    onBlur={(e) => {
                      clearTimeout(textTimers.current[i]);
                      if (!closed) saver.current?.save(i, e.target.value);
                    }}
                    data-testid={`answer-${i}`}
                  />
                ) : (
                  q.options.map((o, j) => (
                    <label key={j} className="apply-paper-option">
                      <input
                        type={q.kind === 'single' ? 'radio' : 'checkbox'}
                        name={`paper-${id}-q${i}`}
                        checked={picked.includes(String(j))}
                        onChange={(e) => {
                          const next =
                            q.kind === 'single'
                              ? String(j)
                              : (e.target.checked ? [...picked, String(j)] : picked.filter((p) => p !== String(j))).sort((a, b) => Number(a) - Number(b)).join(',');
                          change(i, next, false);
                        }}
                        data-testid={`answer-${i}-${j}`}
                      />
                      <span>{o}</span>
                    </label>
                  ))
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="apply-paper-actions">
        {!closed && (
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="submit-assessment">
            {t('apply.assess.submit')}
          </Button>
        )}
        {closed && paper.state === 'started' && (
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="submit-assessment">
            {t('apply.assess.handIn')}
          </Button>
        )}
        <Button onClick={onClose}>{t('apply.assess.close')}</Button>
      </div>
    </form>
  );
}
