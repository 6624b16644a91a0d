import { Alert, App, Button, Col, Form, Input, Row, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { getFilters, type Label } from '@/lib/api/get-filters';
import { FormSelect } from '@/components/antd/form-select';
import type { JobFields, JobState } from '@/components/recruit/api/types';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { recruitPaths } from '@/components/recruit/paths';
import { getJob, jobAction, saveJob } from './api/jobs';
import { jobProblemKey, jobVerdict } from './job-verdict';
import recruitJobsCatalogue from './i18n';

registerCatalogue(recruitJobsCatalogue);

/** What the form holds: text as typed; benefits and keywords as lists. */
type FormValues = Omit<JobFields, 'tags' | 'keywords'> & { tags: string[]; keywords: string[] };

const FIELDS: (keyof JobFields)[] = ['title', 'category', 'city', 'district', 'salaryMin', 'salaryMax', 'salaryMonths', 'experience', 'education', 'headcount', 'tags', 'keywords', 'description', 'contact'];
const LIMITS = { title: 50, district: 30, description: 5000, contact: 100 };
const MONTHS = ['12', '13', '14', '15', '16'];

const EMPTY: FormValues = {
  title: '',
  category: undefined as unknown as string,
  city: undefined as unknown as string,
  district: '',
  salaryMin: '',
  salaryMax: '',
  salaryMonths: '12',
  experience: undefined as unknown as string,
  education: undefined as unknown as string,
  headcount: '',
  tags: [],
  keywords: [],
  description: '',
  contact: '',
};

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : String(v);
}

function list(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(text).filter(Boolean);
  return text(v)
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** /recruit/job/new and /recruit/job/:id/edit: every field of `/comjob/save`; a failed save keeps the edits. */
export default function JobFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam ? Number(idParam) : undefined;
  usePageTitle(t(id ? 'recruit.title.editJob' : 'recruit.title.newJob'));
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'publish' | 'draft' | 'save' | null>(null);
  const [state, setState] = useState<JobState | null>(null);
  const filters = useServerData(() => getFilters(), []);
  const job = useServerData(() => (id ? getJob(id) : Promise.resolve(null)), [id]);
  const lang = currentLanguage();

  useEffect(() => {
    if (!job.data) return;
    const values = Object.fromEntries(FIELDS.map((f) => [f, f === 'tags' || f === 'keywords' ? list(job.data?.[f]) : text(job.data?.[f])])) as FormValues;
    if (!values.salaryMonths) values.salaryMonths = '12';
    // 0 openings is "several": the box stays empty.
    if (values.headcount === '0') values.headcount = '';
    form.setFieldsValue(values);
    setState(job.data.state);
  }, [job.data, form]);

  const option = (l: Label) => ({ value: l.value, label: lang === 'en-US' && l.en ? l.en : l.value });
  const f = filters.data;
  const categoryOptions = useMemo(
    () => (f?.categories ?? []).map((g) => ({ label: lang === 'en-US' && g.en ? g.en : g.value, title: g.value, options: g.categories.map((c) => ({ value: c.value, label: lang === 'en-US' && c.en ? c.en : c.value })) })),
    [f, lang],
  );

  const submit = async (mode: 'publish' | 'draft' | 'save') => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      setFailure(t('recruit.jobForm.fixErrors'));
      return;
    }
    setBusy(mode);
    setFailure(null);
    const fields: JobFields = {
      ...Object.fromEntries(FIELDS.map((k) => [k, text(values[k as keyof FormValues])])),
      tags: (values.tags ?? []).join(','),
      keywords: (values.keywords ?? []).join(','),
    } as JobFields;
    try {
      const saved = await saveJob(fields, { id, draft: !id && mode === 'draft' });
      if (!saved) throw { status: 401, message: 'session' };
      const published = id && mode === 'publish' && state === 'draft' ? await jobAction('publish', id) : undefined;
      const held = published?.heldWords ?? saved.heldWords;
      if (held) message.warning(t('recruit.jobForm.held', { words: held }));
      else message.success(t(mode === 'draft' ? 'recruit.jobForm.savedDraft' : mode === 'publish' ? 'recruit.jobForm.published' : 'recruit.jobForm.saved'));
      const next = mode === 'draft' ? 'draft' : saved.state;
      navigate(`${recruitPaths.jobs}?state=${next}`);
    } catch (e) {
      if (isRepeatRefusal(e)) return;
      const verdict = jobVerdict(e);
      if (verdict) {
        form.setFields(
          Object.entries(verdict).map(([name, p]) => ({
            name: name as keyof FormValues,
            errors: [t(jobProblemKey(p.key), { limit: p.limit, label: t(`recruit.jobForm.field.${name}`) })],
          })),
        );
        setFailure(t('recruit.jobForm.fixErrors'));
      } else {
        setFailure(t(errorKey(e)));
      }
    } finally {
      setBusy(null);
    }
  };

  const required = (key: 'required' | 'select') => [{ required: true, message: t(`recruit.v.${key}`) }];
  const loading = (id && job.status === 'loading') || filters.status === 'loading';

  return (
    <div className="rc-page" data-testid="job-form-page">
      <PageHead title={t(id ? 'recruit.title.editJob' : 'recruit.title.newJob')} tag={state ? t(typeof job.data?.heldWords === 'string' ? 'recruit.jobs.state.held' : `recruit.jobs.state.${state}`) : undefined} />
      <div className="rc-card rc-form-card">
        {(job.status === 'failed' || filters.status === 'failed') && <Alert type="error" showIcon message={t(errorKey(job.error ?? filters.error))} />}
        {failure && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={failure} data-testid="job-form-error" />}
        {typeof job.data?.heldWords === 'string' && <Alert className="rc-form-alert" type="info" showIcon message={t('recruit.jobs.held', { words: job.data.heldWords })} data-testid="job-form-held" />}
        {typeof job.data?.takedownReason === 'string' && <Alert className="rc-form-alert" type="warning" showIcon message={t('recruit.jobs.takenDown', { reason: job.data.takedownReason })} data-testid="job-form-takedown" />}
        {loading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Form<FormValues> form={form} name="job" layout="vertical" initialValues={EMPTY} requiredMark scrollToFirstError>
            <h2 className="rc-form-section">{t('recruit.jobForm.basics')}</h2>
            <Form.Item name="title" label={t('recruit.jobForm.field.title')} rules={required('required')}>
              <Input maxLength={LIMITS.title} showCount placeholder={t('recruit.jobForm.titlePlaceholder')} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="category" label={t('recruit.jobForm.field.category')} rules={required('select')}>
                  <FormSelect showSearch options={categoryOptions} placeholder={t('recruit.common.choose')} optionFilterProp="label" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="headcount" label={t('recruit.jobForm.field.headcount')}>
                  <Input inputMode="numeric" maxLength={3} placeholder={t('recruit.jobForm.headcountPlaceholder')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="city" label={t('recruit.jobForm.field.city')} rules={required('select')}>
                  <FormSelect showSearch options={(f?.cities ?? []).map(option)} placeholder={t('recruit.common.choose')} optionFilterProp="label" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="district" label={t('recruit.jobForm.field.district')}>
                  <Input maxLength={LIMITS.district} placeholder={t('recruit.jobForm.districtPlaceholder')} />
                </Form.Item>
              </Col>
            </Row>
            <h2 className="rc-form-section">{t('recruit.jobForm.pay')}</h2>
            <Row gutter={16}>
              <Col xs={12} md={8}>
                <Form.Item name="salaryMin" label={t('recruit.jobForm.field.salaryMin')} rules={required('required')}>
                  <Input inputMode="numeric" suffix={t('recruit.jobForm.yuan')} maxLength={7} />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item name="salaryMax" label={t('recruit.jobForm.field.salaryMax')} rules={required('required')}>
                  <Input inputMode="numeric" suffix={t('recruit.jobForm.yuan')} maxLength={7} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="salaryMonths" label={t('recruit.jobForm.field.salaryMonths')}>
                  <FormSelect options={MONTHS.map((m) => ({ value: m, label: t('recruit.jobForm.months', { count: Number(m) }) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="experience" label={t('recruit.jobForm.field.experience')} rules={required('select')}>
                  <FormSelect options={(f?.experience ?? []).map(option)} placeholder={t('recruit.common.choose')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="education" label={t('recruit.jobForm.field.education')} rules={required('select')}>
                  <FormSelect options={(f?.education ?? []).map(option)} placeholder={t('recruit.common.choose')} />
                </Form.Item>
              </Col>
            </Row>
            <h2 className="rc-form-section">{t('recruit.jobForm.details')}</h2>
            <Form.Item name="tags" label={t('recruit.jobForm.field.tags')} extra={t('recruit.jobForm.tagsHint')}>
              <FormSelect mode="tags" options={(f?.benefits ?? []).map(option)} tokenSeparators={[',', '，']} placeholder={t('recruit.jobForm.tagsPlaceholder')} />
            </Form.Item>
            <Form.Item name="keywords" label={t('recruit.jobForm.field.keywords')} extra={t('recruit.jobForm.keywordsHint')}>
              <FormSelect mode="tags" open={false} tokenSeparators={[',', '，']} placeholder={t('recruit.jobForm.keywordsPlaceholder')} suffixIcon={null} />
            </Form.Item>
            <Form.Item name="description" label={t('recruit.jobForm.field.description')} rules={required('required')}>
              <Input.TextArea rows={8} maxLength={LIMITS.description} showCount placeholder={t('recruit.jobForm.descriptionPlaceholder')} />
            </Form.Item>
            <Form.Item name="contact" label={t('recruit.jobForm.field.contact')}>
              <Input maxLength={LIMITS.contact} placeholder={t('recruit.jobForm.contactPlaceholder')} />
            </Form.Item>
            <Space wrap className="rc-form-buttons">
              {!id && (
                <>
                  <Button type="primary" size="large" loading={busy === 'publish'} onClick={() => void submit('publish')} data-testid="job-publish">
                    {t('recruit.jobForm.publish')}
                  </Button>
                  <Button size="large" loading={busy === 'draft'} onClick={() => void submit('draft')} data-testid="job-draft">
                    {t('recruit.jobForm.saveDraft')}
                  </Button>
                </>
              )}
              {id && (
                <Button type="primary" size="large" loading={busy === 'save'} onClick={() => void submit('save')} data-testid="job-save">
                  {t('recruit.jobForm.save')}
                </Button>
              )}
              {id && state === 'draft' && (
                <Button size="large" loading={busy === 'publish'} onClick={() => void submit('publish')} data-testid="job-save-publish">
                  {t('recruit.jobForm.saveAndPublish')}
                </Button>
              )}
              <Button size="large" type="text" onClick={() => navigate(-1)}>
                {t('recruit.common.cancel')}
              </Button>
            </Space>
          </Form>
        )}
      </div>
    </div>
  );
}
