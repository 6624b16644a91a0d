import { useTranslation } from 'react-i18next';
import type { ResumeSection } from '@/lib/core';
import { fieldLabel, shownValue } from './schema';
import type { SectionValues } from './types';
import { registerCatalogue } from '@/i18n';
import resumeViewCatalogue from './i18n';
import './resume-view.css';

registerCatalogue(resumeViewCatalogue);

/** The filled-in fields of a section or entry, label and value, read-only. */
export function FieldsView({ section, values, skip = [] }: { section: ResumeSection; values: SectionValues; skip?: string[] }) {
  const { t } = useTranslation();
  const shown = section.fields
    .filter((f) => !skip.includes(f.name))
    .map((f) => ({ f, text: shownValue(t, f, values[f.name]) }))
    .filter(({ text }) => text !== '');
  return (
    <dl className="fields-view">
      {shown.map(({ f, text }) => (
        <div key={f.name} className={f.widget.type === 'text' ? 'fv-row wide' : 'fv-row'} data-field={f.name}>
          <dt>{fieldLabel(t, section.name, f.name)}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
