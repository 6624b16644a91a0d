import { useTranslation } from 'react-i18next';
import { FieldsView } from './fields-view';
import { period, schema, sectionOf, shownValue } from './schema';
import type { Resume, SectionValues } from './types';
import { entries, singleValues } from './types';
import { registerCatalogue } from '@/i18n';
import resumeViewCatalogue from './i18n';
import './resume-view.css';

registerCatalogue(resumeViewCatalogue);

/** What heads an entry: its main field, and the period when it has one. */
const HEADLINE: Record<string, [string, string?]> = {
  work: ['company', 'jobTitle'],
  education: ['school', 'major'],
  language: ['language', 'test'],
  training: ['programme', 'institution'],
  project: ['name', 'position'],
  skill: ['name', 'level'],
  certificate: ['name', 'institution'],
  reference: ['name', 'relationship'],
  additional: ['title'],
};

function Headline({ section, values }: { section: string; values: SectionValues }) {
  const { t } = useTranslation();
  const s = sectionOf(section);
  const [main, sub] = HEADLINE[section] ?? [];
  const text = (name?: string) => {
    const f = s.fields.find((x) => x.name === name);
    return f ? shownValue(t, f, values[f.name]) : '';
  };
  const when = period(t, values) || (typeof values.date === 'string' ? values.date : '');
  return (
    <div className="entry-head">
      <strong className="entry-title">{text(main)}</strong>
      {sub && text(sub) && <span className="entry-sub">{text(sub)}</span>}
      {when && <span className="entry-when">{when}</span>}
    </div>
  );
}

/** One list entry as read: the headline, then the other fields. */
export function EntryView({ section, values }: { section: string; values: SectionValues }) {
  const skip = [...(HEADLINE[section] ?? []), 'start', 'end'].filter(Boolean) as string[];
  return (
    <>
      <Headline section={section} values={values} />
      <FieldsView section={sectionOf(section)} values={values} skip={section === 'certificate' ? [...skip, 'date'] : skip} />
    </>
  );
}

/**
 * The resume read-only, as an employer sees it: used by /my/preview and its print view, and by the
 * recruiter site's application and resume pages.
 * Sections without content are left out; entries never break across printed pages.
 */
export function ResumeDocument({ resume, fallbackName }: { resume: Resume; /** Shown when the basics hold no name (an employer knows the applicant's). */ fallbackName?: string }) {
  const { t } = useTranslation();
  const basic = singleValues(resume, 'basic');
  const name = typeof basic?.name === 'string' && basic.name ? basic.name : (fallbackName ?? '');
  const basicSection = sectionOf('basic');
  const headFields = ['gender', 'birthday', 'city', 'workSince', 'education', 'careerStatus'];
  const contact = ['mobile', 'telephone', 'email'];
  return (
    <article className="resume-document" data-resume={resume.id}>
      <header className="doc-head">
        <div className="doc-who">
          <h2 className="doc-name">{name || t('resume.untitled')}</h2>
          <p className="doc-title">{resume.title}</p>
          {basic && (
            <p className="doc-line">
              {headFields
                .map((n) => basicSection.fields.find((f) => f.name === n))
                .map((f) => (f ? shownValue(t, f, basic[f.name]) : ''))
                .filter(Boolean)
                .join(' | ')}
            </p>
          )}
          {basic && <p className="doc-line">{contact.map((n) => (typeof basic[n] === 'string' ? basic[n] : '')).filter(Boolean).join(' | ')}</p>}
        </div>
        {resume.photo && <img className="doc-photo" src={resume.photo.url} alt={t('resume.photoAlt', { name })} />}
      </header>
      {schema().sections.map((s) => {
        if (s.kind === 'files') return null;
        if (s.kind === 'single') {
          const values = singleValues(resume, s.name);
          if (!values) return null;
          const skip = s.name === 'basic' ? ['title', 'name', ...headFields, ...contact] : [];
          return (
            <section key={s.name} className="doc-section" data-section={s.name}>
              <h3>{t(`resume.section.${s.name}`)}</h3>
              {s.name === 'pasted' || s.name === 'skillsText' ? (
                <p className="doc-text">{String(values.text ?? '')}</p>
              ) : (
                <FieldsView section={s} values={values} skip={skip} />
              )}
            </section>
          );
        }
        const list = entries(resume, s.name);
        if (list.length === 0) return null;
        return (
          <section key={s.name} className="doc-section" data-section={s.name}>
            <h3>{t(`resume.section.${s.name}`)}</h3>
            {list.map((e) => (
              <div key={e.id} className="doc-entry">
                <EntryView section={s.name} values={e.data} />
              </div>
            ))}
          </section>
        );
      })}
    </article>
  );
}
