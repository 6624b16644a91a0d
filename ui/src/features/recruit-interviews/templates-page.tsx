import { Alert, App, Button, Form, Input, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import type { RuleProblem } from '@/lib/core';
import { loadTemplateRules } from '@/lib/core/templates';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { listTemplates, type NoticeTemplate } from '@/components/recruit/api/notices';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { deleteTemplate, saveTemplate, type TemplateFields } from './api/tools';
import recruitInterviewsCatalogue from './i18n';

registerCatalogue(recruitInterviewsCatalogue);

const EMPTY: TemplateFields = { name: '', mailSubject: '', mailContent: '', smsContent: '' };

/** FIELDS_INVALID's message: core-wasm's verdict `{field: {key, limit?, name?}}`. */
function serverVerdict(error: unknown): Record<string, RuleProblem> {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  if (e.code !== 'FIELDS_INVALID' || typeof e.message !== 'string') return {};
  try {
    return JSON.parse(e.message) as Record<string, RuleProblem>;
  } catch {
    return {};
  }
}

/**
 * /recruit/template: the company's notice templates, edited with the rules and a live preview from core-wasm's
 * notice_template.rs, in a wasm of its own fetched for this page alone (lib/core/templates).
 */
export default function TemplatesPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.templates'));
  const { message } = App.useApp();
  const templates = useServerData(() => listTemplates(), []);
  const [selected, setSelected] = useState<number | null>(null);
  const [fields, setFields] = useState<TemplateFields>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const rulesLoad = useServerData(() => loadTemplateRules(), []);
  const rules = rulesLoad.data;
  const variables = useMemo(() => rules?.variables() ?? templates.data?.variables ?? [], [rules, templates.data]);

  const list = useMemo(() => templates.data?.list ?? [], [templates.data]);
  useEffect(() => {
    if (selected === null && list.length > 0) {
      const first = list[0];
      setSelected(first.id);
      setFields({ name: first.name, mailSubject: first.mailSubject, mailContent: first.mailContent, smsContent: first.smsContent });
    }
  }, [list, selected]);

  const pick = (tpl: NoticeTemplate | null) => {
    setSelected(tpl ? tpl.id : 0);
    setFields(tpl ? { name: tpl.name, mailSubject: tpl.mailSubject, mailContent: tpl.mailContent, smsContent: tpl.smsContent } : EMPTY);
    setTouched(false);
    setError(null);
  };

  // Until the rules' wasm is here the server's verdict alone shows (it checks every save with the same rules).
  const verdict = { ...(rules?.validate(fields.name, fields.mailSubject, fields.mailContent, fields.smsContent) ?? {}), ...serverVerdict(error) };
  const preview = rules?.preview(fields.mailSubject, fields.mailContent, fields.smsContent);
  const problemText = (p: RuleProblem | undefined) => (p ? t(`recruit.tpl.v.${p.key.replace('template.', '')}`, { limit: p.limit, name: p.name }) : undefined);
  const show = (field: keyof TemplateFields) => (touched || fields[field] !== '' ? verdict[field] : undefined);

  const onSave = async () => {
    setTouched(true);
    if (rules && Object.keys(rules.validate(fields.name, fields.mailSubject, fields.mailContent, fields.smsContent)).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const saved = answered(await saveTemplate(fields, selected || undefined));
      message.success(t('recruit.tpl.saved'));
      setSelected(saved.id);
      templates.reload('quiet');
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async () => {
    if (!selected) return;
    try {
      answered(await deleteTemplate(selected));
      message.success(t('recruit.tpl.deleted'));
      setSelected(null);
      templates.reload('quiet');
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    }
  };

  const insert = (v: string) => setFields((f) => ({ ...f, smsContent: `${f.smsContent}{{ ${v} }}` }));
  const code = (error as { code?: unknown } | null)?.code;
  const field = (name: keyof TemplateFields, rows?: number) => (
    <Form.Item label={t(`recruit.tpl.${name}`)} htmlFor={`tpl-${name}`} validateStatus={show(name) ? 'error' : undefined} help={problemText(show(name))}>
      {rows ? (
        <Input.TextArea id={`tpl-${name}`} rows={rows} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} data-testid={`tpl-${name}`} />
      ) : (
        <Input id={`tpl-${name}`} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} data-testid={`tpl-${name}`} />
      )}
    </Form.Item>
  );

  return (
    <div className="rc-page" data-testid="templates-page">
      <PageHead title={t('recruit.title.templates')} extra={<Button onClick={() => pick(null)} data-testid="tpl-new">{t('recruit.tpl.new')}</Button>} />
      {templates.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(templates.error))} />}
      <div className="rc-tools-grid">
        <section className="rc-card" aria-labelledby="tpl-list-title">
          <h2 id="tpl-list-title" className="rc-card-title">{t('recruit.tpl.list')}</h2>
          {templates.status === 'loading' && <Skeleton active />}
          <ul className="rc-tpl-list">
            {list.map((tpl) => (
              <li key={tpl.id}>
                <button type="button" className={tpl.id === selected ? 'rc-tpl-item active' : 'rc-tpl-item'} aria-pressed={tpl.id === selected} onClick={() => pick(tpl)}>
                  <span>{tpl.name}</span>
                  {tpl.kind && <Tag>{t(`recruit.tpl.kind.${tpl.kind}`)}</Tag>}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className="rc-card" aria-label={t('recruit.tpl.new')}>
          {!!error && code !== 'FIELDS_INVALID' && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(errorKey(error))} data-testid="tpl-error" />}
          <Form layout="vertical" onFinish={() => void onSave()}>
            {field('name')}
            {field('mailSubject')}
            {field('mailContent', 8)}
            {field('smsContent', 3)}
            <p className="rc-sms-count" data-testid="tpl-segments" aria-live="polite">
              {rules &&
                preview &&
                t('recruit.tpl.segments', { chars: preview.ok ? [...preview.rendered.smsContent].length : [...fields.smsContent].length, segments: preview.ok ? preview.rendered.smsSegments : rules.smsSegments(fields.smsContent) })}
            </p>
            <div className="rc-variables" role="group" aria-label={t('recruit.tpl.variables')}>
              <span>{t('recruit.tpl.variables')}</span>
              {variables.map((v) => (
                <Button key={v} size="small" onClick={() => insert(v)}>
                  {`{{ ${v} }}`}
                </Button>
              ))}
            </div>
            <div className="rc-form-actions">
              <Button type="primary" htmlType="submit" loading={busy} data-testid="tpl-save">
                {t('recruit.tpl.save')}
              </Button>
              {!!selected && (
                <Popconfirm title={t('recruit.tpl.confirmDelete')} onConfirm={() => void onDelete()}>
                  <Button danger>{t('recruit.tpl.delete')}</Button>
                </Popconfirm>
              )}
            </div>
          </Form>
        </section>
        <section className="rc-card" aria-labelledby="tpl-preview-title" data-testid="tpl-preview">
          <h2 id="tpl-preview-title" className="rc-card-title">{t('recruit.tpl.preview')}</h2>
          {rulesLoad.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(rulesLoad.error))} />}
          {!preview && rulesLoad.status !== 'failed' && <Skeleton active paragraph={{ rows: 4 }} />}
          {preview && (preview.ok ? (
            <>
              <h3>{t('recruit.tpl.previewMail')}</h3>
              <p className="rc-preview-subject">{preview.rendered.mailSubject}</p>
              <pre className="rc-preview-text">{preview.rendered.mailContent}</pre>
              <h3>{t('recruit.tpl.previewSms')}</h3>
              <pre className="rc-preview-text">{preview.rendered.smsContent}</pre>
            </>
          ) : (
            <Alert type="warning" showIcon message={Object.values(preview.verdict).map((p) => problemText(p)).join('；')} />
          ))}
        </section>
      </div>
    </div>
  );
}
