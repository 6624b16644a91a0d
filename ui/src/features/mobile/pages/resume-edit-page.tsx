import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fieldLabel, schema } from '@/components/resume-view/schema';
import { entries, singleValues, type SectionValues } from '@/components/resume-view/types';
import { type ResumeField, type ResumeSection, type ResumeVerdict } from '@/lib/core';
import { validateResumeSection } from '@/lib/core/rules';
import { useServerData } from '@/lib/use-server-data';
import { getResume } from '@/lib/api/get-resume';
import { saveSection } from '@/lib/api/save-section';
import { Field } from '../components/fields';
import { EmptyState, Failed, Loading } from '../components/states';
import { mToast } from '../components/toast';
import { errorText } from '../error-text';
import { mPaths } from '../paths';
import { formValues, inputAttrs, problemText } from '../resume';

function verdictOf(section: string, values: SectionValues): ResumeVerdict {
  try {
    return validateResumeSection(section, values);
  } catch {
    return {};
  }
}

/** One field drawn for touch: native pickers for months, dates and options; the right keyboard for the rest. */
function Control({ section, field, value, onChange, onBlur, problem }: { section: ResumeSection; field: ResumeField; value: string | string[]; onChange: (v: string | string[]) => void; onBlur: () => void; problem?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const label = fieldLabel(t, section.name, field.name);
  const common = { id, name: field.name, className: 'm-input', onBlur, 'aria-invalid': !!problem, 'aria-describedby': problem ? `${id}-error` : undefined };
  const text = Array.isArray(value) ? value.join(', ') : value;
  let control;
  const w = field.widget;
  if (w.type === 'text') {
    control = <textarea {...common} value={text} rows={4} onChange={(e) => onChange(e.target.value)} />;
  } else if (w.type === 'select') {
    const options = schema().options[w.options] ?? [];
    control = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('m.resume.choose')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`resume.opt.${w.options}.${o}`)}
          </option>
        ))}
      </select>
    );
  } else if (w.type === 'keywords') {
    control = (
      <input
        {...common}
        type="text"
        value={text}
        placeholder={t('m.resume.keywordsHint')}
        onChange={(e) =>
          onChange(
            e.target.value
              .split(/[,，、]/)
              .map((s, i, all) => (i < all.length - 1 ? s.trim() : s.trimStart()))
              .filter((s, i, all) => s !== '' || i === all.length - 1),
          )
        }
      />
    );
  } else if (w.type === 'monthOrNow') {
    const now = text === 'now';
    control = (
      <div className="m-input-row">
        <input {...common} type="month" value={now ? '' : text} disabled={now} onChange={(e) => onChange(e.target.value)} />
        <label className="m-check" style={{ flex: 'none' }}>
          <input type="checkbox" checked={now} onChange={(e) => onChange(e.target.checked ? 'now' : '')} />
          {t('resume.now')}
        </label>
      </div>
    );
  } else {
    const attrs = inputAttrs(field);
    control = <input {...common} {...attrs} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <Field label={label} error={problem} required={field.required} id={id}>
      {control}
    </Field>
  );
}

function SectionForm({ section, resumeId, saved, itemId }: { section: ResumeSection; resumeId: number; saved: SectionValues | null; itemId?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<SectionValues>(() => formValues(section, saved));
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [verdict, setVerdict] = useState<ResumeVerdict>({});
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');

  // Checked offline as the user types (core-wasm, the server's own rules); shown once a field is left or on save.
  useEffect(() => setVerdict(verdictOf(section.name, clean(values))), [section.name, values]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = verdictOf(section.name, clean(values));
    setVerdict(v);
    setShown(new Set(section.fields.map((f) => f.name)));
    if (Object.keys(v).length) {
      setAlert(t('m.resume.fixFirst'));
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    setAlert('');
    try {
      await saveSection(resumeId, section.name, clean(values), itemId);
      mToast.info(t('m.resume.saveDone'));
      navigate(mPaths.resume, { replace: true });
    } catch (err) {
      setAlert(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="m-form" onSubmit={(e) => void submit(e)} noValidate data-section={section.name}>
      <h2 className="m-section-title">{t(`resume.section.${section.name}`)}</h2>
      {alert && (
        <div className="m-alert" role="alert">
          {alert}
        </div>
      )}
      {section.fields.map((f) => {
        const p = shown.has(f.name) ? verdict[f.name] : undefined;
        return (
          <Control
            key={f.name}
            section={section}
            field={f}
            value={values[f.name] ?? ''}
            problem={p ? problemText(t, p, fieldLabel(t, section.name, f.name)) : undefined}
            onBlur={() => setShown((s) => new Set(s).add(f.name))}
            onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
          />
        );
      })}
      <div className="m-form-actions">
        <button type="submit" className="m-btn m-btn-primary m-btn-block" disabled={busy}>
          {t('m.auth.save')}
        </button>
      </div>
    </form>
  );
}

/** Keywords without the empty last one being typed. */
function clean(values: SectionValues): SectionValues {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map((s) => s.trim()).filter(Boolean) : v]));
}

/** /m/resume/edit/:section(/:itemId): one section, or one entry of a list section (none: a new one). */
export default function ResumeEditPage() {
  const { section: name = '', itemId } = useParams();
  const resume = useServerData(() => getResume(), []);
  const section = schema().sections.find((s) => s.name === name && s.kind !== 'files');
  if (!section) return <EmptyState />;
  if (resume.status === 'loading') return <Loading />;
  if (!resume.data) return <Failed onRetry={() => resume.reload()} />;
  const id = itemId ? Number(itemId) : undefined;
  const saved = section.kind === 'list' ? (entries(resume.data, name).find((e) => e.id === id)?.data ?? null) : singleValues(resume.data, name);
  if (id && !saved) return <EmptyState />;
  return <SectionForm key={`${name}-${itemId ?? 'new'}`} section={section} resumeId={resume.data.id} saved={saved} itemId={id} />;
}
