import { App, Button, Empty, InputNumber, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { answered } from '@/lib/call-errors';
import { formatTime } from '@/lib/format';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { listAssessments } from '@/components/recruit/api/assessments';
import { errorKey } from '@/components/recruit/errors';
import { toMs } from '@/components/recruit/format';
import { recruitPaths } from '@/components/recruit/paths';
import { assessmentResults, gradeAnswer, sendAssessment, type Send } from './api/assessments';

const STATE_COLOR: Record<Send['state'], string> = { sent: 'default', started: 'processing', submitted: 'success', timeUp: 'warning' };

/** The application's assessments: send one of the company's, read the answers, score the text answers. */
export function AssessmentPanel({ applyId, onChanged }: { applyId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const catalogue = useServerData(() => listAssessments(), []);
  const results = useServerData(() => assessmentResults(applyId), [applyId]);
  const [picked, setPicked] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      answered(await sendAssessment(applyId, picked));
      message.success(t('recruit.assess.sent'));
      setPicked(undefined);
      results.reload('keep');
      onChanged();
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  const sends = results.data ?? [];
  const sentIds = new Set(sends.map((s) => s.name));
  const options = (catalogue.data ?? []).filter((a) => !sentIds.has(a.name)).map((a) => ({ value: a.id, label: a.name }));

  return (
    <section className="rc-card" aria-labelledby="rc-assess-title" data-testid="assessment-panel">
      <h2 id="rc-assess-title" className="rc-side-title">
        {t('recruit.assess.panelTitle')}
      </h2>
      {catalogue.data && catalogue.data.length === 0 ? (
        <p className="rc-muted">
          {t('recruit.assess.noneDefined')} <Link to={recruitPaths.assessments}>{t('recruit.assess.define')}</Link>
        </p>
      ) : (
        <Space.Compact className="rc-assess-send">
          <Select<number>
            id="assessment-pick"
            aria-label={t('recruit.assess.pick')}
            placeholder={t('recruit.assess.pick')}
            value={picked}
            onChange={setPicked}
            options={options}
            style={{ minWidth: 180 }}
            data-testid="assessment-pick"
          />
          <Button type="primary" onClick={() => void send()} disabled={!picked} loading={busy} data-testid="assessment-send">
            {t('recruit.assess.send')}
          </Button>
        </Space.Compact>
      )}
      {sends.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recruit.assess.noneSent')} />
      ) : (
        sends.map((s) => <SendResult key={s.id} send={s} onGraded={() => { results.reload('keep'); onChanged(); }} />)
      )}
    </section>
  );
}

function SendResult({ send, onGraded }: { send: Send; onGraded: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [grades, setGrades] = useState<Record<number, number | null>>({});
  const closed = send.state === 'submitted' || send.state === 'timeUp';

  const grade = async (question: number) => {
    const score = grades[question];
    if (score === null || score === undefined) return;
    try {
      answered(await gradeAnswer(send.id, question, score));
      message.success(t('recruit.assess.graded'));
      onGraded();
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    }
  };

  return (
    <div className="rc-assess-send-result" data-testid="assessment-result" data-state={send.state}>
      <div className="rc-assess-head">
        <strong>{send.name}</strong>
        <Tag color={STATE_COLOR[send.state]}>{t(`recruit.assess.state.${send.state}`)}</Tag>
      </div>
      <div className="rc-muted">
        {t('recruit.assess.sentAt', { time: formatTime(toMs(send.sentAt)) })}
        {send.timeLimit > 0 && ` · ${t('recruit.assess.minutes', { count: send.timeLimit })}`}
      </div>
      <div className="rc-assess-score" data-testid="assessment-score">
        {t(send.pending ? 'recruit.assess.cardScorePending' : 'recruit.assess.cardScore', { score: send.score, max: send.maxScore })}
      </div>
      {closed && (
        <ol className="rc-assess-answers">
          {send.questions.map((q, i) => {
            const a = send.answers.find((x) => x.question === i);
            const shown =
              q.kind === 'text'
                ? a?.answer || t('recruit.assess.unanswered')
                : a?.answer
                  ? a.answer
                      .split(',')
                      .map((n) => q.options[Number(n)] ?? n)
                      .join('、')
                  : t('recruit.assess.unanswered');
            return (
              <li key={i}>
                <div className="rc-assess-q">{q.text}</div>
                <div className="rc-assess-a">{shown}</div>
                <div className="rc-muted">
                  {a?.score !== null && a?.score !== undefined
                    ? t('recruit.assess.points', { score: a.score, max: q.score })
                    : q.kind === 'text' && a?.answer
                      ? t('recruit.assess.toGrade', { max: q.score })
                      : t('recruit.assess.points', { score: 0, max: q.score })}
                </div>
                {q.kind === 'text' && a?.answer && (
                  <Space.Compact className="rc-assess-grade">
                    <InputNumber<number>
                      min={0}
                      max={q.score}
                      aria-label={t('recruit.assess.gradeLabel', { n: i + 1, max: q.score })}
                      value={grades[i] ?? a.score ?? null}
                      onChange={(v) => setGrades((g) => ({ ...g, [i]: v }))}
                      data-testid={`grade-${i}`}
                    />
                    <Button onClick={() => void grade(i)} data-testid={`grade-save-${i}`}>
                      {t('recruit.assess.grade')}
                    </Button>
                  </Space.Compact>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
