import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Space } from '@/components/ui/space';
import { TextArea, TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { isRepeatRefusal } from '@/lib/request-error';
import { type ResumeField, type ResumeSection, type ResumeVerdict } from '@/lib/core';
import { validateResumeSection } from '@/lib/core/rules';
import type { SectionValues } from '../api/types';
import { errorKey, serverVerdict } from '../errors';
import { fieldLabel, problemText, schema } from '../schema';
import { useDirtyForms } from '../unsaved';
import { DateField, KeywordsField, MonthOrNowField, SelectField } from './choice-fields';
import { FormItem } from './form-item';

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
      toast.error(t('resume.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      await onSave(values);
      mark(formKey, false);
      toast.success(t('resume.saved'));
    } catch (e) {
      if (isRepeatRefusal(e)) return;
      const v = serverVerdict(e);
      if (v) setFromServer(v);
      toast.error(t('resume.saveFailed', { reason: t(errorKey(e)) }));
    } finally {
      setSaving(false);
    }
  };

  const widget = (f: ResumeField, status: 'error' | undefined) => {
    const raw = values[f.name];
    const value = typeof raw === 'string' ? raw : '';
    const label = fieldLabel(t, section.name, f.name);
    const common = { id: `${formKey}-${f.name}`, label, status, onBlur: () => touch(f.name) };
    switch (f.widget.type) {
      case 'text':
        return (
          <>
            <TextArea id={common.id} aria-label={label} status={status} value={value} minRows={3} maxRows={14} onChange={(e) => set(f.name, e.target.value)} onBlur={common.onBlur} />
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
          <SelectField
            {...common}
            value={value}
            allowClear={!f.required}
            options={codes.map((c) => ({ value: c, label: t(`resume.opt.${list}.${c}`) }))}
            onChange={(v) => set(f.name, v)}
          />
        );
      }
      case 'month':
      case 'date':
        return <DateField {...common} picker={f.widget.type} value={value} onChange={(v) => set(f.name, v)} />;
      case 'monthOrNow':
        return <MonthOrNowField {...common} value={value} nowLabel={t('resume.toDate')} onChange={(v) => set(f.name, v)} />;
      case 'keywords':
        return <KeywordsField {...common} value={Array.isArray(raw) ? raw : []} placeholder={t('resume.keywordsHint')} onChange={(v) => set(f.name, v)} />;
      case 'number':
        return <TextInput id={common.id} aria-label={label} status={status} inputMode="numeric" value={value} onChange={(e) => set(f.name, e.target.value)} onBlur={common.onBlur} />;
      default:
        return (
          <TextInput
            id={common.id}
            aria-label={label}
            status={status}
            value={value}
            placeholder={f.format === 'emails' ? t('resume.emailsHint') : undefined}
            onChange={(e) => set(f.name, e.target.value)}
            onBlur={common.onBlur}
          />
        );
    }
  };

  return (
    <div className="ui-form section-form" data-form={formKey}>
      <div className="ui-form-row">
        {section.fields.map((f) => {
          const problem = problemOf(f.name);
          return (
            <div key={f.name} className={isWide(f) ? 'ui-form-col ui-form-col-wide' : 'ui-form-col'} data-field={f.name}>
              <FormItem label={fieldLabel(t, section.name, f.name)} htmlFor={`${formKey}-${f.name}`} required={f.required} problem={problem}>
                {widget(f, problem ? 'error' : undefined)}
              </FormItem>
            </div>
          );
        })}
      </div>
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
    </div>
  );
}
