import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ResumeField, type ResumeSection } from '@/lib/core';
import { validateTalentSection } from '@/lib/core/rules';
import type { SectionValues } from '@/components/resume-view/types';
import { fieldLabel, schema } from '@/components/resume-view/schema';
import type { TalentSections } from './api/talent';
import { talentCatalogue } from './i18n';

const RULES = Object.keys(talentCatalogue['en-US'].recruit.talent.v);

/** The i18n key of a resume rule's problem key (`resume.v.<rule>` → `recruit.talent.v.<rule>`). */
function talentProblemKey(key: string): string {
  const rule = key.startsWith('resume.v.') ? key.slice('resume.v.'.length) : key;
  return RULES.includes(rule) ? `recruit.talent.v.${rule}` : 'recruit.talent.v.invalid';
}

/** Basic fields shown even when the file did not hold them: who it is and how to reach them. */
const ALWAYS: Record<string, string[]> = { basic: ['name', 'mobile', 'email'] };

/** An entry of a list section: no id until saved (core-wasm's talent rules keep none). */
type Entry = Extract<TalentSections[string], unknown[]>[number];

function isList(v: TalentSections[string]): v is Entry[] {
  return Array.isArray(v);
}

function filled(v: string | string[] | undefined): boolean {
  return Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '';
}

/** Every problem of the sections as `section.field` or `section.index.field` → {key, limit}, by core-wasm's talent rules. */
export function talentProblems(sections: TalentSections): Record<string, { key: string; limit?: number }> {
  const out: Record<string, { key: string; limit?: number }> = {};
  for (const section of schema().sections) {
    const value = sections[section.name];
    if (!value) continue;
    const check = (data: SectionValues, at: string) => {
      if (section.kind === 'list' && !Object.values(data).some(filled)) return;
      for (const [field, p] of Object.entries(validateTalentSection(section.name, data))) out[`${at}.${field}`] = p;
    };
    if (isList(value)) value.forEach((e, i) => check(e.data, `${section.name}.${i}`));
    else check(value, section.name);
  }
  if (!sections.basic) out['basic.name'] = { key: 'resume.v.input' };
  return out;
}

function FieldInput({ id, field, value, onChange, invalid, describedBy }: { id: string; field: ResumeField; value: string | string[] | undefined; onChange: (v: string | string[]) => void; invalid: boolean; describedBy?: string }) {
  const { t } = useTranslation();
  const common = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, status: invalid ? ('error' as const) : undefined };
  const w = field.widget;
  if (w.type === 'keywords') {
    return <Select {...common} mode="tags" value={Array.isArray(value) ? value : []} onChange={(v: string[]) => onChange(v)} open={false} suffixIcon={null} />;
  }
  const text = typeof value === 'string' ? value : '';
  if (w.type === 'select') {
    const options = (schema().options[w.options] ?? []).map((code) => ({ value: code, label: t(`resume.opt.${w.options}.${code}`) }));
    return <Select {...common} allowClear showSearch optionFilterProp="label" value={text || undefined} options={options} onChange={(v?: string) => onChange(v ?? '')} />;
  }
  if (w.type === 'text') return <Input.TextArea {...common} value={text} autoSize={{ minRows: 2, maxRows: 8 }} onChange={(e) => onChange(e.target.value)} />;
  const placeholder = w.type === 'month' ? 'YYYY-MM' : w.type === 'monthOrNow' ? 'YYYY-MM / now' : w.type === 'date' ? 'YYYY-MM-DD' : undefined;
  return <Input {...common} value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
}

function Fields({ idBase, section, data, at, problems, onChange }: { idBase: string; section: ResumeSection; data: SectionValues; at: string; problems: Record<string, { key: string; limit?: number }>; onChange: (field: string, v: string | string[]) => void }) {
  const { t } = useTranslation();
  const always = ALWAYS[section.name] ?? [];
  const shown = section.fields.filter((f) => always.includes(f.name) || filled(data[f.name]) || problems[`${at}.${f.name}`]);
  return (
    <div className="rc-talent-fields">
      {shown.map((f) => {
        const id = `${idBase}-${at}-${f.name}`.replace(/\./g, '-');
        const p = problems[`${at}.${f.name}`];
        return (
          <div key={f.name} className={`rc-talent-field${f.widget.type === 'text' ? ' rc-talent-wide' : ''}`}>
            <label htmlFor={id}>
              {fieldLabel(t, section.name, f.name)}
              {section.name === 'basic' && f.name === 'name' && <span aria-hidden="true"> *</span>}
            </label>
            <FieldInput id={id} field={f} value={data[f.name]} onChange={(v) => onChange(f.name, v)} invalid={!!p} describedBy={p ? `${id}-problem` : undefined} />
            {p && (
              <div id={`${id}-problem`} className="rc-talent-problem" role="alert">
                {t(talentProblemKey(p.key), { limit: p.limit })}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The analysis's sections as an editable form: each section the file held, each of its entries with a remove
 * button, only the fields found (and the name, mobile and email). `problems` marks what core-wasm's talent rules refuse.
 */
export function SectionsEditor({ idBase, sections, problems, onChange }: { idBase: string; sections: TalentSections; problems: Record<string, { key: string; limit?: number }>; onChange: (next: TalentSections) => void }) {
  const { t } = useTranslation();
  const present = schema().sections.filter((s) => {
    if (s.kind === 'files') return false;
    const v = sections[s.name];
    if (s.name === 'basic') return true;
    return isList(v) ? v.length > 0 : !!v && Object.values(v).some(filled);
  });
  const setSingle = (name: string, field: string, v: string | string[]) => {
    const current = sections[name];
    const data = current && !isList(current) ? current : {};
    onChange({ ...sections, [name]: { ...data, [field]: v } });
  };
  const setEntry = (name: string, index: number, field: string, v: string | string[]) => {
    const list = sections[name];
    if (!isList(list)) return;
    onChange({ ...sections, [name]: list.map((e, i) => (i === index ? { ...e, data: { ...e.data, [field]: v } } : e)) });
  };
  const removeEntry = (name: string, index: number) => {
    const list = sections[name];
    if (!isList(list)) return;
    onChange({ ...sections, [name]: list.filter((_, i) => i !== index) });
  };
  return (
    <div className="rc-talent-sections">
      {present.map((s) => {
        const v = sections[s.name];
        const headingId = `${idBase}-${s.name}-title`;
        return (
          <section key={s.name} className="rc-talent-section" aria-labelledby={headingId} data-section={s.name}>
            <h3 id={headingId}>{t(`resume.section.${s.name}`)}</h3>
            {isList(v) ? (
              v.map((e, i) => (
                <fieldset key={i} className="rc-talent-entry" data-testid={`entry-${s.name}`}>
                  <legend>
                    {t('recruit.talent.entry', { n: i + 1 })}
                    <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`${t(`resume.section.${s.name}`)} ${t('recruit.talent.entry', { n: i + 1 })}: ${t('recruit.talent.removeEntry')}`} onClick={() => removeEntry(s.name, i)} />
                  </legend>
                  <Fields idBase={idBase} section={s} data={e.data} at={`${s.name}.${i}`} problems={problems} onChange={(f, x) => setEntry(s.name, i, f, x)} />
                </fieldset>
              ))
            ) : (
              <Fields idBase={idBase} section={s} data={v ?? {}} at={s.name} problems={problems} onChange={(f, x) => setSingle(s.name, f, x)} />
            )}
          </section>
        );
      })}
    </div>
  );
}
