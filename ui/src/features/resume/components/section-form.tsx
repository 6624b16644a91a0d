import { App, Button, Checkbox, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRepeatRefusal } from '@/lib/request-error';
import { validateResumeSection, type ResumeField, type ResumeSection, type ResumeVerdict } from '@/lib/core';
import type { SectionValues } from '../api/types';
import { errorKey, serverVerdict } from '../errors';
import { fieldLabel, problemText, schema } from '../schema';
import { useDirtyForms } from '../unsaved';

/** Fields drawn across the whole row. */
function isWide(f: ResumeField): boolean {
  return f.widget.type === 'text' || f.widget.type === 'keywords';
}

function verdictOf(section: string, values: SectionValues): ResumeVerdict {
  try {
    return validateResumeSection(section, values);
  } catch {
    return {};
  }
}

interface Props {
  section: ResumeSection;
  /** Where the form's values start. */
  initial: SectionValues;
  /** What counts as saved when it differs from `initial` (an imported draft over saved values). */
  baseline?: SectionValues;
  /** Keys the unsaved-changes store, e.g. `work:new`. */
  formKey: string;
  onSave: (values: SectionValues) => Promise<void>;
  onCancel?: () => void;
}

/**
 * A section's form, drawn from core-wasm's field table and checked by core-wasm as the user types
 * (the same verdict the server gives). A save that fails keeps the edits and says why.
 */
export function SectionForm({ section, initial, baseline, formKey, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [values, setValues] = useState<SectionValues>(initial);
  const [touched, setTouched] = useState<Record<string, true>>({});
  const [showAll, setShowAll] = useState(false);
  const [fromServer, setFromServer] = useState<ResumeVerdict>({});
  const [saving, setSaving] = useState(false);
  const mark = useDirtyForms((s) => s.mark);

  const verdict = useMemo(() => verdictOf(section.name, values), [section.name, values]);
  const dirty = JSON.stringify(values) !== JSON.stringify(baseline ?? initial);

  useEffect(() => {
    mark(formKey, dirty);
  }, [formKey, dirty, mark]);
  useEffect(() => () => mark(formKey, false), [formKey, mark]);

  const set = (name: string, value: string | string[]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((x) => ({ ...x, [name]: true }));
    setFromServer((s) => {
      if (!(name in s)) return s;
      const rest = { ...s };
      delete rest[name];
      return rest;
    });
  };
  const touch = (name: string) => setTouched((x) => (x[name] ? x : { ...x, [name]: true }));

  const problemOf = (name: string) => {
    const p = fromServer[name] ?? ((showAll || touched[name]) && verdict[name]);
    return p ? problemText(t, p, fieldLabel(t, section.name, name)) : undefined;
  };

  const submit = async () => {
    setShowAll(true);
    if (Object.keys(verdict).length > 0) {
      message.error(t('resume.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      await onSave(values);
      mark(formKey, false);
      message.success(t('resume.saved'));
    } catch (e) {
      if (isRepeatRefusal(e)) return;
      const v = serverVerdict(e);
      if (v) setFromServer(v);
      message.error(t('resume.saveFailed', { reason: t(errorKey(e)) }));
    } finally {
      setSaving(false);
    }
  };

  const widget = (f: ResumeField) => {
    const raw = values[f.name];
    const value = typeof raw === 'string' ? raw : '';
    const label = fieldLabel(t, section.name, f.name);
    const common = { id: `${formKey}-${f.name}`, 'aria-label': label };
    switch (f.widget.type) {
      case 'text':
        return (
          <>
            <Input.TextArea {...common} value={value} autoSize={{ minRows: 3, maxRows: 14 }} onChange={(e) => set(f.name, e.target.value)} onBlur={() => touch(f.name)} />
            {f.max && (
              <div className={`char-count${[...value].length > f.max.limit ? ' over' : ''}`}>
                {t('resume.chars', { count: [...value].length, limit: f.max.limit })}
              </div>
            )}
          </>
        );
      case 'select': {
        const codes = schema().options[f.widget.options] ?? [];
        const list = f.widget.options;
        return (
          <Select
            {...common}
            value={value || undefined}
            allowClear={!f.required}
            showSearch
            optionFilterProp="label"
            options={codes.map((c) => ({ value: c, label: t(`resume.opt.${list}.${c}`) }))}
            onChange={(v?: string) => set(f.name, v ?? '')}
            onBlur={() => touch(f.name)}
          />
        );
      }
      case 'month':
      case 'date': {
        const format = f.widget.type === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
        return (
          <DatePicker
            {...common}
            picker={f.widget.type === 'month' ? 'month' : 'date'}
            format={format}
            value={value && dayjs(value, format).isValid() ? dayjs(value, format) : null}
            onChange={(d) => set(f.name, d ? d.format(format) : '')}
            onBlur={() => touch(f.name)}
            style={{ width: '100%' }}
          />
        );
      }
      case 'monthOrNow': {
        const now = value === 'now';
        return (
          <Space.Compact block className="month-or-now">
            <DatePicker
              {...common}
              picker="month"
              format="YYYY-MM"
              disabled={now}
              value={!now && value && dayjs(value, 'YYYY-MM').isValid() ? dayjs(value, 'YYYY-MM') : null}
              onChange={(d) => set(f.name, d ? d.format('YYYY-MM') : '')}
              onBlur={() => touch(f.name)}
              style={{ width: '100%' }}
            />
            <Checkbox className="to-date" checked={now} onChange={(e) => set(f.name, e.target.checked ? 'now' : '')}>
              {t('resume.toDate')}
            </Checkbox>
          </Space.Compact>
        );
      }
      case 'keywords':
        return (
          <Select
            {...common}
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', '，']}
            value={Array.isArray(raw) ? raw : []}
            onChange={(v: string[]) => set(f.name, v)}
            onBlur={() => touch(f.name)}
            placeholder={t('resume.keywordsHint')}
          />
        );
      case 'number':
        return <Input {...common} inputMode="numeric" value={value} onChange={(e) => set(f.name, e.target.value)} onBlur={() => touch(f.name)} />;
      default:
        return (
          <Input
            {...common}
            value={value}
            placeholder={f.format === 'emails' ? t('resume.emailsHint') : undefined}
            onChange={(e) => set(f.name, e.target.value)}
            onBlur={() => touch(f.name)}
          />
        );
    }
  };

  return (
    <Form layout="vertical" className="section-form" data-form={formKey} onFinish={() => void submit()} component="div">
      <Row gutter={16}>
        {section.fields.map((f) => {
          const problem = problemOf(f.name);
          return (
            <Col key={f.name} xs={24} md={isWide(f) ? 24 : 12} data-field={f.name}>
              <Form.Item
                label={fieldLabel(t, section.name, f.name)}
                htmlFor={`${formKey}-${f.name}`}
                required={f.required}
                validateStatus={problem ? 'error' : undefined}
                help={problem}
              >
                {widget(f)}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Space className="form-actions">
        <Button type="primary" loading={saving} onClick={() => void submit()} data-action="save">
          {t('resume.save')}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} data-action="cancel">
            {t('resume.cancel')}
          </Button>
        )}
        {dirty && <span className="unsaved-badge">{t('resume.unsavedBadge')}</span>}
      </Space>
    </Form>
  );
}
