import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldsView } from '@/components/resume-view/fields-view';
import { schema } from '@/components/resume-view/schema';
import { entries, singleValues } from '@/components/resume-view/types';
import { uploadProblem } from '@/lib/core';
import { useServerData } from '@/lib/use-server-data';
import { getResume, uploadPhoto } from '../api/resume';
import { Failed, Loading } from '../components/states';
import { mToast } from '../components/toast';
import { errorText } from '../error-text';
import { mPaths } from '../paths';

/** /m/resume/detail: every section read-only, each opening its touch form; the photo from the camera or the album. */
export default function ResumeDetailPage() {
  const { t } = useTranslation();
  const resume = useServerData(() => getResume(), []);
  const [uploading, setUploading] = useState(false);
  if (resume.status === 'loading') return <Loading />;
  if (!resume.data) return <Failed onRetry={() => resume.reload()} />;
  const r = resume.data;

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem('photo', file.name, file.size, 0);
    if (problem) return mToast.error(t(problem));
    setUploading(true);
    try {
      resume.setData(await uploadPhoto(r.id, file));
      mToast.info(t('m.resume.photoDone'));
    } catch (e) {
      mToast.error(errorText(t, e));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div data-testid="m-resume">
      <section className="m-resume-section m-photo">
        {r.photo ? <img src={r.photo.thumbUrl ?? r.photo.url} alt={t('resume.photoAlt', { name: singleValues(r, 'basic')?.name ?? '' })} /> : <img alt="" />}
        <label className="m-btn">
          {uploading ? t('m.loading') : t('m.resume.photo')}
          <input type="file" accept="image/*" aria-label={t('m.resume.photo')} disabled={uploading} onChange={(e) => void onPhoto(e.target.files?.[0])} />
        </label>
      </section>
      {schema().sections.map((s) => {
        const done = r.complete[s.name];
        const badge = <span className={done ? 'm-badge m-badge-green' : 'm-badge m-badge-grey'}>{t(done ? 'm.resume.complete' : 'm.resume.incomplete')}</span>;
        if (s.kind === 'files') {
          const files = r.files[s.name] ?? [];
          return (
            <section key={s.name} className="m-resume-section" data-section={s.name}>
              <div className="m-resume-head">
                <h2>
                  {t(`resume.section.${s.name}`)}
                  {badge}
                </h2>
              </div>
              {files.length ? files.map((f) => <div key={f.id} className="m-entry">{f.name || f.originalName}</div>) : <p className="m-job-facts">{t('m.resume.desktopOnly')}</p>}
            </section>
          );
        }
        if (s.kind === 'list') {
          const list = entries(r, s.name);
          return (
            <section key={s.name} className="m-resume-section" data-section={s.name}>
              <div className="m-resume-head">
                <h2>
                  {t(`resume.section.${s.name}`)}
                  {badge}
                </h2>
                {list.length < s.maxItems && <Link to={mPaths.resumeEdit(s.name)}>{t('m.resume.add')}</Link>}
              </div>
              {list.map((e) => (
                <Link key={e.id} to={mPaths.resumeEdit(s.name, e.id)} className="m-entry">
                  <FieldsView section={s} values={e.data} />
                </Link>
              ))}
            </section>
          );
        }
        const values = singleValues(r, s.name);
        return (
          <section key={s.name} className="m-resume-section" data-section={s.name}>
            <div className="m-resume-head">
              <h2>
                {t(`resume.section.${s.name}`)}
                {badge}
              </h2>
              <Link to={mPaths.resumeEdit(s.name)}>{t('m.resume.edit')}</Link>
            </div>
            {values ? <FieldsView section={s} values={values} /> : <p className="m-job-facts">{t('m.resume.none')}</p>}
          </section>
        );
      })}
    </div>
  );
}
