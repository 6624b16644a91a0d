import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Empty, Input, InputNumber, Radio, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import { validateAssessment } from '@/lib/core/rules';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { listAssessments, type AssessmentSummary, type Question } from '@/components/recruit/api/assessments';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey, fieldsVerdict, type FieldProblem } from '@/components/recruit/errors';
import { toMs } from '@/components/recruit/format';
import { getAssessment, saveAssessment } from './api/assessments';
import recruitInterviewsCatalogue from './i18n';

registerCatalogue(recruitInterviewsCatalogue);

interface Draft {
  id?: number;
  name: string;
  timeLimit: number;
  questions: Question[];
}

const NEW_QUESTION: Question = { kind: 'single', text: '', options: ['', ''], correct: [0], score: 10 };
const EMPTY: Draft = { name: '', timeLimit: 0, questions: [{ ...NEW_QUESTION, options: ['', ''] }] };

const ASSESSMENT_RULES = ['required', 'tooLong', 'timeLimit', 'noQuestions', 'tooManyQuestions', 'score', 'tooFewOptions', 'tooManyOptions', 'correctRange', 'correctSingle', 'correctMulti', 'textHasOptions', 'kind', 'nameExists'];

/** The i18n key of one rule of an assessment verdict (`assessment.v.<rule>` → `recruit.av.<rule>`). */
function assessmentProblemKey(key: string): string {
  const rule = key.startsWith('assessment.v.') ? key.slice('assessment.v.'.length) : key;
  return ASSESSMENT_RULES.includes(rule) ? `recruit.av.${rule}` : 'recruit.v.invalid';
}

/** /recruit/assessments: the company's assessments; each holds choice and text questions with scores and a time limit. */
export default function AssessmentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.assessments'));
  const { message } = App.useApp();
  const list = useServerData(() => listAssessments(), []);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [verdict, setVerdict] = useState<Record<string, FieldProblem>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const edit = async (id?: number) => {
    setVerdict({});
    setError(null);
    if (!id) {
      setDraft(structuredClone(EMPTY));
      return;
    }
    try {
      const a = answered(await getAssessment(id));
      setDraft({ id: a.id, name: a.name, timeLimit: a.timeLimit, questions: a.questions });
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    }
  };

  const save = async () => {
    if (!draft) return;
    const local = validateAssessment({ name: draft.name, timeLimit: draft.timeLimit, questions: draft.questions }) as Record<string, FieldProblem>;
    setVerdict(local);
    setError(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      answered(await saveAssessment(draft));
      message.success(t('recruit.assess.saved'));
      setDraft(null);
      list.reload('keep');
    } catch (e) {
      if (isRepeatRefusal(e)) return;
      const v = fieldsVerdict(e);
      if (v) setVerdict(v);
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<AssessmentSummary> = [
    { title: t('recruit.assess.name'), dataIndex: 'name', key: 'name' },
    { title: t('recruit.assess.questionCount'), dataIndex: 'questions', key: 'questions', width: 100 },
    { title: t('recruit.assess.maxScore'), dataIndex: 'maxScore', key: 'maxScore', width: 100 },
    {
      title: t('recruit.assess.timeLimit'),
      key: 'timeLimit',
      width: 120,
      render: (_, a) => (a.timeLimit > 0 ? t('recruit.assess.minutes', { count: a.timeLimit }) : t('recruit.assess.noLimit')),
    },
    { title: t('recruit.assess.updatedAt'), key: 'updatedAt', width: 160, render: (_, a) => formatTime(toMs(a.updatedAt)) },
    {
      title: t('recruit.pipeline.col.actions'),
      key: 'actions',
      width: 100,
      render: (_, a) => (
        <Button type="link" onClick={() => void edit(a.id)} aria-label={t('recruit.assess.editNamed', { name: a.name })}>
          {t('recruit.assess.edit')}
        </Button>
      ),
    },
  ];

  return (
    <div className="rc-page" data-testid="assessments-page">
      <PageHead
        title={t('recruit.title.assessments')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void edit()} data-testid="new-assessment">
            {t('recruit.assess.new')}
          </Button>
        }
      />
      {draft && (
        <Editor
          draft={draft}
          onChange={setDraft}
          verdict={verdict}
          error={error}
          busy={busy}
          onSave={() => void save()}
          onCancel={() => setDraft(null)}
        />
      )}
      <div className="rc-card">
        {list.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(list.error))} />}
        {list.status === 'loading' ? (
          <Skeleton active />
        ) : (list.data ?? []).length === 0 ? (
          <Empty description={t('recruit.assess.none')} />
        ) : (
          <Table<AssessmentSummary> rowKey="id" columns={columns} dataSource={list.data ?? []} pagination={false} scroll={{ x: 640 }} />
        )}
      </div>
    </div>
  );
}

function Problem({ id, problem }: { id: string; problem?: FieldProblem }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <div id={id} className="rc-field-error" role="alert">
      {t(assessmentProblemKey(problem.key), { limit: problem.limit })}
    </div>
  );
}

function Editor(props: {
  draft: Draft;
  onChange: (d: Draft) => void;
  verdict: Record<string, FieldProblem>;
  error: unknown;
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { draft, onChange, verdict, error } = props;
  const setQ = (i: number, q: Partial<Question>) => onChange({ ...draft, questions: draft.questions.map((x, j) => (j === i ? { ...x, ...q } : x)) });
  const code = (error as { code?: unknown } | null)?.code;
  const nameProblem = code === 'ASSESSMENT_NAME_EXISTS' ? { key: 'nameExists' } : verdict.name;

  return (
    <section className="rc-card rc-assess-editor" aria-labelledby="rc-assess-editor-title" data-testid="assessment-editor">
      <h2 id="rc-assess-editor-title" className="rc-side-title">
        {draft.id ? t('recruit.assess.editTitle') : t('recruit.assess.new')}
      </h2>
      {!!error && code !== 'ASSESSMENT_NAME_EXISTS' && code !== 'FIELDS_INVALID' && <Alert type="error" showIcon message={t(errorKey(error))} />}
      <div className="rc-assess-row">
        <label htmlFor="assess-name">{t('recruit.assess.name')}</label>
        <Input
          id="assess-name"
          value={draft.name}
          maxLength={50}
          status={nameProblem ? 'error' : undefined}
          aria-invalid={!!nameProblem}
          aria-describedby={nameProblem ? 'assess-name-error' : undefined}
          onChange={(e) => onChange({ ...draft, name: e.target.value })}
          data-testid="assessment-name"
        />
        <Problem id="assess-name-error" problem={nameProblem} />
      </div>
      <div className="rc-assess-row">
        <label htmlFor="assess-limit">{t('recruit.assess.timeLimitMinutes')}</label>
        <InputNumber<number>
          id="assess-limit"
          min={0}
          max={600}
          value={draft.timeLimit}
          onChange={(v) => onChange({ ...draft, timeLimit: v ?? 0 })}
          data-testid="assessment-limit"
        />
        <Problem id="assess-limit-error" problem={verdict.timeLimit} />
      </div>
      <Problem id="assess-questions-error" problem={verdict.questions} />
      <ol className="rc-assess-questions">
        {draft.questions.map((q, i) => (
          <li key={i} className="rc-assess-question" data-testid="assessment-question">
            <fieldset>
              <legend>{t('recruit.assess.questionN', { n: i + 1 })}</legend>
              <div className="rc-assess-line">
                <Select
                  id={`q${i}-kind`}
                  aria-label={t('recruit.assess.kind')}
                  value={q.kind}
                  onChange={(kind: Question['kind']) => setQ(i, kind === 'text' ? { kind, options: [], correct: [] } : { kind, options: q.options.length ? q.options : ['', ''], correct: q.correct.length ? q.correct.slice(0, kind === 'single' ? 1 : undefined) : [0] })}
                  options={['single', 'multi', 'text'].map((k) => ({ value: k, label: t(`recruit.assess.kinds.${k}`) }))}
                  style={{ width: 140 }}
                  data-testid={`q${i}-kind`}
                />
                <label htmlFor={`q${i}-score`} className="rc-assess-inline-label">
                  {t('recruit.assess.score')}
                </label>
                <InputNumber<number> id={`q${i}-score`} min={1} max={100} value={q.score} onChange={(v) => setQ(i, { score: v ?? 0 })} data-testid={`q${i}-score`} />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('recruit.assess.removeQuestion', { n: i + 1 })}
                  onClick={() => onChange({ ...draft, questions: draft.questions.filter((_, j) => j !== i) })}
                />
              </div>
              <Problem id={`q${i}-score-error`} problem={verdict[`q${i}.score`]} />
              <label htmlFor={`q${i}-text`}>{t('recruit.assess.questionText')}</label>
              <Input.TextArea
                id={`q${i}-text`}
                rows={2}
                maxLength={500}
                value={q.text}
                aria-invalid={!!verdict[`q${i}.text`]}
                onChange={(e) => setQ(i, { text: e.target.value })}
                data-testid={`q${i}-text`}
              />
              <Problem id={`q${i}-text-error`} problem={verdict[`q${i}.text`]} />
              {q.kind !== 'text' && (
                <div className="rc-assess-options" role="group" aria-label={t('recruit.assess.options')}>
                  {q.options.map((o, j) => {
                    const right = q.correct.includes(j);
                    const mark = (on: boolean) => setQ(i, { correct: q.kind === 'single' ? [j] : on ? [...q.correct, j].sort((a, b) => a - b) : q.correct.filter((c) => c !== j) });
                    return (
                      <div key={j} className="rc-assess-option">
                        {q.kind === 'single' ? (
                          <Radio checked={right} onChange={() => mark(true)} aria-label={t('recruit.assess.rightOption', { n: j + 1 })} data-testid={`q${i}-right-${j}`} />
                        ) : (
                          <Checkbox checked={right} onChange={(e) => mark(e.target.checked)} aria-label={t('recruit.assess.rightOption', { n: j + 1 })} data-testid={`q${i}-right-${j}`} />
                        )}
                        <Input
                          value={o}
                          maxLength={200}
                          aria-label={t('recruit.assess.optionN', { n: j + 1 })}
                          onChange={(e) => setQ(i, { options: q.options.map((x, k) => (k === j ? e.target.value : x)) })}
                          data-testid={`q${i}-option-${j}`}
                        />
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('recruit.assess.removeOption', { n: j + 1 })}
                          disabled={q.options.length <= 2}
                          onClick={() => setQ(i, { options: q.options.filter((_, k) => k !== j), correct: q.correct.filter((c) => c !== j).map((c) => (c > j ? c - 1 : c)) })}
                        />
                        <Problem id={`q${i}-o${j}-error`} problem={verdict[`q${i}.option${j}`]} />
                      </div>
                    );
                  })}
                  <Button size="small" disabled={q.options.length >= 10} onClick={() => setQ(i, { options: [...q.options, ''] })} data-testid={`q${i}-add-option`}>
                    {t('recruit.assess.addOption')}
                  </Button>
                  <Problem id={`q${i}-options-error`} problem={verdict[`q${i}.options`]} />
                  <Problem id={`q${i}-correct-error`} problem={verdict[`q${i}.correct`]} />
                </div>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="rc-assess-actions">
        <Button
          icon={<PlusOutlined />}
          disabled={draft.questions.length >= 50}
          onClick={() => onChange({ ...draft, questions: [...draft.questions, { ...NEW_QUESTION, options: ['', ''] }] })}
          data-testid="add-question"
        >
          {t('recruit.assess.addQuestion')}
        </Button>
        <Button type="primary" loading={props.busy} onClick={props.onSave} data-testid="save-assessment">
          {t('recruit.assess.save')}
        </Button>
        <Button onClick={props.onCancel}>{t('recruit.common.cancel')}</Button>
      </div>
    </section>
  );
}
