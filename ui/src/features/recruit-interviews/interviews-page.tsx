import { Alert, App, Button, Form, Input, InputNumber, Popconfirm, Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { postInterviewCard } from '@/lib/api/chat';
import { answered } from '@/lib/call-errors';
import { type RuleProblem } from '@/lib/core';
import { validateInterview } from '@/lib/core/rules';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { FormSelect } from '@/components/antd/form-select';
import { listTemplates } from '@/components/recruit/api/notices';
import { listJobs } from '@/components/recruit/api/jobs';
import { getApplication, listApplications } from '@/components/recruit/api/pipeline';
import type { Application, JobRow } from '@/components/recruit/api/types';
import { NoticeList } from '@/components/recruit/notice-list';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { interviewResumePath, recruitPaths } from '@/components/recruit/paths';
import { useRecruiter } from '@/components/recruit/store';
import { cancelInterview, listInterviewers, listInterviews, saveFeedback, saveInterview, type InterviewCard } from './api/tools';
import recruitInterviewsCatalogue from './i18n';

registerCatalogue(recruitInterviewsCatalogue);

/** `YYYY-MM-DD` of a date in China time. */
function chinaDay(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The Monday (China time) of the week holding `day`. */
function mondayOf(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return new Date(ms - weekday * 86_400_000).toISOString().slice(0, 10);
}

/** A day's heading in the page's language: its weekday and date (周一 11月24日, Mon, Nov 24). */
function dayLabel(day: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short', month: language.startsWith('zh') ? 'long' : 'short', day: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(`${day}T00:00:00Z`));
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Pages of 50 (the server's largest) until the total, at most `pages` of them. */
async function allPages<T>(page: (n: number) => Promise<{ total: number; list: T[] }>, pages = 10): Promise<T[]> {
  const out: T[] = [];
  for (let n = 1; n <= pages; n++) {
    const got = await page(n);
    out.push(...got.list);
    if (got.list.length === 0 || out.length >= got.total) break;
  }
  return out;
}

/** The company's open jobs: what a recruiter invites to. */
function openJobs(): Promise<JobRow[]> {
  return allPages((page) => listJobs({ state: 'open', page, pagesize: 50 }));
}

/** The job's applications in the pipeline (every stage), newest first. */
function applicationsOf(jobId: number): Promise<Application[]> {
  return allPages((page) => listApplications({ stageId: 0, stageOppId: jobId, page, pagesize: 50 }));
}

interface FormState {
  /** The job first, then one of its applications (the candidate). */
  jobId: number | undefined;
  applyId: number | undefined;
  date: string;
  time: string;
  minutes: number;
  contact: string;
  contactPhone: string;
  address: string;
  interviewers: number[];
  template: number | undefined;
  notes: string;
}

function serverVerdict(error: unknown): Record<string, RuleProblem> {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  if (e.code !== 'FIELDS_INVALID' || typeof e.message !== 'string') return {};
  try {
    return JSON.parse(e.message) as Record<string, RuleProblem>;
  } catch {
    return {};
  }
}

function FeedbackForm({ interview }: { interview: InterviewCard }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [scores, setScores] = useState<Record<string, number>>({ skill: 3, communication: 3, fit: 3 });
  const [comment, setComment] = useState('');
  const [error, setError] = useState<unknown>(null);
  const onSubmit = async () => {
    setError(null);
    try {
      const named = Object.fromEntries(Object.entries(scores).map(([k, v]) => [t(`recruit.iv.criteria.${k}`), v]));
      answered(await saveFeedback(interview.id, named, comment));
      message.success(t('recruit.iv.feedbackSaved'));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    }
  };
  return (
    <Form layout="vertical" className="rc-feedback" onFinish={() => void onSubmit()}>
      <h3>{t('recruit.iv.feedback')}</h3>
      {!!error && <Alert type="error" showIcon role="alert" message={t(errorKey(error))} />}
      {Object.keys(scores).map((k) => (
        <Form.Item key={k} label={t(`recruit.iv.criteria.${k}`)} htmlFor={`fb-${k}`}>
          <InputNumber id={`fb-${k}`} min={1} max={5} value={scores[k]} onChange={(v) => setScores({ ...scores, [k]: Number(v ?? 3) })} />
        </Form.Item>
      ))}
      <Form.Item label={t('recruit.iv.comment')} htmlFor="fb-comment">
        <Input.TextArea id="fb-comment" rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </Form.Item>
      <Button htmlType="submit" type="primary">
        {t('recruit.iv.saveFeedback')}
      </Button>
    </Form>
  );
}

/**
 * /recruit/interview: the week's interviews (the company's, or one interviewer's; an interviewer sees only
 * their own and leaves feedback), scheduling an invitation (the job among the open ones, then the candidate
 * among that job's applications in the pipeline; `?applyId=` opens the form with that application's job and
 * candidate chosen), and each interview's notices as they go out.
 */
export default function InterviewsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('recruit.title.interviews'));
  const { message } = App.useApp();
  const member = useRecruiter((s) => s.member);
  const manager = member?.role === 'owner' || member?.role === 'hr';
  const [params, setParams] = useSearchParams();
  const [week, setWeek] = useState(() => mondayOf(params.get('week') ?? chinaDay(Date.now())));
  const [filter, setFilter] = useState<number | undefined>(undefined);
  const [openId, setOpenId] = useState<number | null>(null);
  const interviews = useServerData(() => listInterviews(week, 7, filter), [week, filter]);
  const interviewers = useServerData(() => (manager ? listInterviewers() : Promise.resolve({ list: [] })), [manager]);
  const templates = useServerData(() => (manager ? listTemplates() : Promise.resolve({ list: [], variables: [] })), [manager]);
  const applyFromUrl = params.get('applyId') ?? '';
  // `?chat=` (a thread's 约面试): the invitation is posted into that conversation and the thread shows again.
  const chatFromUrl = Number(params.get('chat')) || null;
  const navigate = useNavigate();
  const [showForm, setShowForm] = useState(applyFromUrl !== '');
  const [form, setForm] = useState<FormState>({
    jobId: undefined,
    applyId: undefined,
    date: addDays(chinaDay(Date.now()), 1),
    time: '10:00',
    minutes: 60,
    contact: member?.name ?? '',
    contactPhone: member?.mobile ?? '',
    address: '',
    interviewers: [],
    template: undefined,
    notes: '',
  });
  // `?applyId=` (a candidate's "invite to interview"): that application's job and the candidate, chosen.
  const fromUrl = useServerData(
    () =>
      manager && Number(applyFromUrl) > 0
        ? getApplication(Number(applyFromUrl)).then(({ application: app }) => {
            setForm((f) => (f.jobId === undefined && f.applyId === undefined ? { ...f, jobId: app.jobId, applyId: app.applyId } : f));
            return app;
          })
        : Promise.resolve(null),
    [manager, applyFromUrl],
  );
  const jobs = useServerData(() => (manager && showForm ? openJobs() : Promise.resolve([])), [manager, showForm]);
  const candidates = useServerData(() => (manager && form.jobId ? applicationsOf(form.jobId) : Promise.resolve([])), [manager, form.jobId]);
  const preset = fromUrl.data ?? null;
  const jobOptions = useMemo(() => {
    const list = (jobs.data ?? []).map((j) => ({ value: j.id, label: j.city ? `${j.title} · ${j.city}` : j.title }));
    // A closed job's application, opened from its page, still shows its job.
    if (preset && !list.some((o) => o.value === preset.jobId)) list.unshift({ value: preset.jobId, label: preset.jobTitle });
    return list;
  }, [jobs.data, preset]);
  const candidateOptions = useMemo(() => {
    const list = (candidates.data ?? []).map((a) => ({ value: a.applyId, label: `${a.name || t('recruit.iv.noName')} · ${a.stageName}` }));
    if (preset && preset.jobId === form.jobId && !list.some((o) => o.value === preset.applyId)) list.unshift({ value: preset.applyId, label: `${preset.name} · ${preset.stageName}` });
    return list;
  }, [candidates.data, preset, form.jobId, t]);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const draft = {
    jobId: form.jobId ? String(form.jobId) : '',
    applyId: form.applyId ? String(form.applyId) : '',
    start: form.date && form.time ? `${form.date} ${form.time}` : '',
    minutes: String(form.minutes),
    contact: form.contact,
    contactPhone: form.contactPhone,
    address: form.address,
    interviewers: form.interviewers.join(','),
    notes: form.notes,
  };
  const verdict = { ...validateInterview(draft), ...serverVerdict(error) };
  const problem = (field: string) => {
    const p = touched ? verdict[field] : undefined;
    return p ? t(`recruit.iv.v.${p.key.replace('interview.', '')}`, { limit: p.limit }) : undefined;
  };

  const onSend = async () => {
    setTouched(true);
    if (Object.keys(validateInterview(draft)).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const saved = answered(await saveInterview({ ...draft, template: form.template ? String(form.template) : '' }));
      if (chatFromUrl) {
        // The card in the thread is the confirmation there.
        await postInterviewCard(chatFromUrl, saved.id);
        void navigate(`${recruitPaths.chat}?c=${chatFromUrl}`);
        return;
      }
      message.success(t('recruit.iv.sent'));
      setShowForm(false);
      setOpenId(saved.id);
      setWeek(mondayOf(form.date));
      if (params.get('applyId')) setParams({}, { replace: true });
      interviews.reload('quiet');
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  const onCancel = async (id: number) => {
    try {
      answered(await cancelInterview(id));
      message.success(t('recruit.iv.cancelled'));
      interviews.reload('quiet');
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    }
  };

  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(week, i)), [week]);
  const list = interviews.data?.list ?? [];
  const code = (error as { code?: unknown } | null)?.code;
  const item = (field: keyof FormState, label: string, input: React.ReactNode, key = field as string) => (
    <Form.Item label={label} htmlFor={`iv-${field}`} validateStatus={problem(key) ? 'error' : undefined} help={problem(key)}>
      {input}
    </Form.Item>
  );

  return (
    <div className="rc-page" data-testid="interviews-page">
      <PageHead
        title={t('recruit.title.interviews')}
        extra={
          manager && (
            <Button type="primary" onClick={() => setShowForm(true)} data-testid="iv-new">
              {t('recruit.iv.schedule')}
            </Button>
          )
        }
      />
      {manager && showForm && (
        <section className="rc-card rc-form-card" aria-labelledby="iv-form-title" data-testid="iv-form">
          <h2 id="iv-form-title" className="rc-card-title">{t('recruit.iv.schedule')}</h2>
          {!!error && code !== 'FIELDS_INVALID' && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(errorKey(error))} data-testid="iv-error" />}
          <Form layout="vertical" onFinish={() => void onSend()}>
            {!!fromUrl.error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(errorKey(fromUrl.error))} />}
            <div className="rc-form-row">
              {item(
                'jobId',
                t('recruit.iv.job'),
                <FormSelect<number>
                  id="iv-jobId"
                  showSearch
                  optionFilterProp="label"
                  placeholder={t('recruit.iv.jobPlaceholder')}
                  loading={jobs.status === 'loading'}
                  value={form.jobId}
                  onChange={(v) => setForm({ ...form, jobId: v, applyId: v === form.jobId ? form.applyId : undefined })}
                  options={jobOptions}
                  notFoundContent={t('recruit.iv.noJobs')}
                  data-testid="iv-job"
                />,
              )}
              {item(
                'applyId',
                t('recruit.iv.candidate'),
                <FormSelect<number>
                  id="iv-applyId"
                  showSearch
                  optionFilterProp="label"
                  disabled={!form.jobId}
                  placeholder={t(form.jobId ? 'recruit.iv.candidatePlaceholder' : 'recruit.iv.jobFirst')}
                  loading={!!form.jobId && candidates.status === 'loading'}
                  value={form.applyId}
                  onChange={(v) => setForm({ ...form, applyId: v })}
                  options={candidateOptions}
                  notFoundContent={candidates.status === 'loading' ? t('recruit.iv.loading') : t('recruit.iv.noCandidates')}
                  data-testid="iv-candidate"
                />,
              )}
            </div>
            <div className="rc-form-row">
              {item('date', t('recruit.iv.date'), <Input id="iv-date" type="date" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} data-testid="iv-date" />, 'start')}
              <Form.Item label={t('recruit.iv.time')} htmlFor="iv-time">
                <Input id="iv-time" type="time" value={form.time} onChange={(e) => setForm({ ...form, time: e.target.value })} data-testid="iv-time" />
              </Form.Item>
              {item('minutes', t('recruit.iv.minutes'), <InputNumber id="iv-minutes" min={15} max={480} step={15} value={form.minutes} onChange={(v) => setForm({ ...form, minutes: Number(v ?? 60) })} />)}
            </div>
            {item(
              'interviewers',
              t('recruit.iv.interviewers'),
              <Select
                id="iv-interviewers"
                mode="multiple"
                value={form.interviewers}
                onChange={(v) => setForm({ ...form, interviewers: v })}
                options={(interviewers.data?.list ?? []).filter((i) => !i.disabled).map((i) => ({ value: i.id, label: i.name }))}
                data-testid="iv-interviewers"
              />,
            )}
            <div className="rc-form-row">
              {item('contact', t('recruit.iv.contact'), <Input id="iv-contact" value={form.contact} onChange={(e) => setForm({ ...form, contact: e.target.value })} />)}
              {item('contactPhone', t('recruit.iv.contactPhone'), <Input id="iv-contactPhone" value={form.contactPhone} onChange={(e) => setForm({ ...form, contactPhone: e.target.value })} />)}
            </div>
            {item('address', t('recruit.iv.address'), <Input id="iv-address" value={form.address} onChange={(e) => setForm({ ...form, address: e.target.value })} data-testid="iv-address" />)}
            {item(
              'template',
              t('recruit.iv.template'),
              <Select
                id="iv-template"
                allowClear
                value={form.template}
                onChange={(v) => setForm({ ...form, template: v })}
                options={(templates.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
              />,
            )}
            {item('notes', t('recruit.iv.notes'), <Input.TextArea id="iv-notes" rows={2} maxLength={500} value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />)}
            <Button type="primary" htmlType="submit" loading={busy} data-testid="iv-send">
              {t('recruit.iv.send')}
            </Button>
          </Form>
        </section>
      )}
      <div className="rc-week-bar">
        <Button onClick={() => setWeek(addDays(week, -7))}>{t('recruit.iv.prevWeek')}</Button>
        <Button onClick={() => setWeek(mondayOf(chinaDay(Date.now())))}>{t('recruit.iv.thisWeek')}</Button>
        <Button onClick={() => setWeek(addDays(week, 7))}>{t('recruit.iv.nextWeek')}</Button>
        <span className="rc-week-label" aria-live="polite" data-testid="iv-week">
          {week} – {addDays(week, 6)}
        </span>
        {manager && (
          <Select
            aria-label={t('recruit.iv.filter')}
            className="rc-week-filter"
            allowClear
            placeholder={t('recruit.iv.all')}
            value={filter}
            onChange={(v) => setFilter(v)}
            options={(interviewers.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }))}
          />
        )}
      </div>
      {interviews.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(interviews.error))} />}
      <div className="rc-week" data-testid="iv-calendar">
        {days.map((day) => {
          const ofDay = list.filter((i) => i.start.startsWith(day));
          const label = dayLabel(day, i18n.language);
          // Narrow widths show the week as an agenda (recruit.css): an empty day is one compact line.
          return (
            <section key={day} className={ofDay.length === 0 ? 'rc-day rc-day-empty' : 'rc-day'} aria-label={label} data-testid="iv-day">
              <h2 className="rc-day-title">
                <time dateTime={day}>{label}</time>
              </h2>
              {ofDay.length === 0 && interviews.status === 'ready' && <p className="rc-day-none">{t('recruit.iv.dayEmpty')}</p>}
              {ofDay.map((i) => (
                <article key={i.id} className={`rc-iv rc-iv-${i.state}`} data-testid="iv-card">
                  <button type="button" className="rc-iv-head" aria-expanded={openId === i.id} onClick={() => setOpenId(openId === i.id ? null : i.id)}>
                    <strong>{i.start.slice(11)}</strong> {i.candidateBlocked ? t('recruit.iv.blocked') : i.candidateName} · {i.jobTitle}
                  </button>
                  <div className="rc-iv-tags">
                    <Tag>{t(`recruit.iv.state.${i.state}`)}</Tag>
                    {i.state === 'scheduled' && <Tag data-testid="iv-answer">{t(`recruit.iv.answer.${i.answer}`)}</Tag>}
                  </div>
                  {openId === i.id && (
                    <div className="rc-iv-detail">
                      <p>
                        {i.minutes}′ · {i.address}
                      </p>
                      <p>{i.interviewers.map((p) => p.name).join('、')}</p>
                      {!i.candidateBlocked && (
                        <p>
                          <Link to={interviewResumePath(i.id)} data-testid="iv-resume">
                            {t('recruit.iv.resume', { name: i.candidateName })}
                          </Link>
                        </p>
                      )}
                      {manager && i.state === 'scheduled' && (
                        <Popconfirm title={t('recruit.iv.confirmCancel')} onConfirm={() => void onCancel(i.id)}>
                          <Button danger size="small">
                            {t('recruit.iv.cancel')}
                          </Button>
                        </Popconfirm>
                      )}
                      {manager && <NoticeList event={`interview:${i.id}:`} refetchOn={[i.version, i.state]} />}
                      {!manager && i.state === 'scheduled' && <FeedbackForm interview={i} />}
                    </div>
                  )}
                </article>
              ))}
            </section>
          );
        })}
      </div>
      {interviews.status === 'ready' && list.length === 0 && <p className="rc-empty">{t('recruit.iv.empty')}</p>}
    </div>
  );
}
