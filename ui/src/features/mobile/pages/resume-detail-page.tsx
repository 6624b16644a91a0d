import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldsView } from '@/components/resume-view/fields-view';
import { fieldLabel, schema } from '@/components/resume-view/schema';
import { entries, singleValues } from '@/components/resume-view/types';
import { UPLOAD_ACCEPT } from '@/components/resume-view/upload-accept';
import { type ResumeSection } from '@/lib/core';
import { uploadProblem, validateResumeSection } from '@/lib/core/rules';
import { useServerData } from '@/lib/use-server-data';
import { getResume } from '@/lib/api/get-resume';
import { uploadResumeFile } from '@/lib/api/upload-resume-file';
import { TextField } from '../components/fields';
import { Failed, Loading } from '../components/states';
import { mToast } from '../components/toast';
import { errorText } from '../error-text';
import { mPaths } from '../paths';
import { problemText } from '../resume';

type UploadKind = 'photo' | 'resumeFile' | 'attachment';

/**
 * A files section's touch form: the attachment's name (the editor's rule, core-wasm's), then a file from the
 * phone (camera, album or files), sent by the same call as on the desktop.
 */
function FilesForm({ section, busy, onFile }: { section: ResumeSection; busy: boolean; onFile: (file: File, name?: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const needsName = section.name === 'attachment';
  const verdict = needsName ? validateResumeSection(section.name, { name }) : {};
  const label = fieldLabel(t, section.name, 'name');
  const nameError = touched && verdict.name ? problemText(t, verdict.name, label) : undefined;
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (needsName && verdict.name) return setTouched(true);
    if (await onFile(file, needsName ? name : undefined)) {
      setName('');
      setTouched(false);
    }
  };
  return (
    <form className="m-files-form" onSubmit={(e) => e.preventDefault()}>
      {needsName && <TextField label={label} name="name" required value={name} onChange={setName} onBlur={() => setTouched(true)} error={nameError} />}
      <label className="m-btn m-upload">
        {busy ? t('m.loading') : t('m.resume.chooseFile')}
        <input type="file" accept={UPLOAD_ACCEPT[section.name]} aria-label={t('m.resume.chooseFile')} disabled={busy} onChange={(e) => void pick(e.currentTarget)} />
      </label>
      <p className="m-job-facts">{section.name === 'attachment' ? t('resume.attachmentHint') : t('resume.resumeFileHint')}</p>
    </form>
  );
}

/** /m/resume/detail: every section read-only, each opening its touch form; the photo and the files from the camera, the album or the phone's files. */
export default function ResumeDetailPage() {
  const { t } = useTranslation();
  const resume = useServerData(() => getResume(), []);
  const [uploading, setUploading] = useState<UploadKind | null>(null);
  if (resume.status === 'loading') return <Loading />;
  if (!resume.data) return <Failed onRetry={() => resume.reload()} />;
  const r = resume.data;

  /** Checked as the server will (core-wasm's rule), then sent; true once uploaded. */
  const send = async (kind: UploadKind, file: File, existing: number, name?: string): Promise<boolean> => {
    const problem = uploadProblem(kind, file.name, file.size, existing);
    if (problem) {
      mToast.error(t(problem));
      return false;
    }
    setUploading(kind);
    try {
      resume.setData(await uploadResumeFile(r.id, kind, file, name));
      mToast.info(kind === 'photo' ? t('m.resume.photoDone') : t('m.resume.fileDone'));
      return true;
    } catch (e) {
      mToast.error(errorText(t, e));
      return false;
    } finally {
      setUploading(null);
    }
  };

  return (
    <div data-testid="m-resume">
      <section className="m-resume-section m-photo">
        {r.photo ? <img src={r.photo.thumbUrl ?? r.photo.url} alt={t('resume.photoAlt', { name: singleValues(r, 'basic')?.name ?? '' })} /> : <img alt="" />}
        <label className="m-btn m-upload">
          {uploading === 'photo' ? t('m.loading') : t('m.resume.photo')}
          <input
            type="file"
            accept="image/*"
            aria-label={t('m.resume.photo')}
            disabled={!!uploading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void send('photo', file, 0);
            }}
          />
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
              {files.length ? files.map((f) => <div key={f.id} className="m-entry">{f.name || f.originalName}</div>) : <p className="m-job-facts">{t('m.resume.noFiles')}</p>}
              <FilesForm section={s} busy={!!uploading} onFile={(file, name) => send(s.name as UploadKind, file, files.length, name)} />
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
