import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Resume } from '@/components/resume-view/types';
import { resumeFileUrl } from './api/pipeline';

/** Where a resume's file is read: the company's file call, or an interview's for its interviewers. */
export type FileUrl = (fileId: number) => string;

/** The resume with its photo read through the company's file call (the candidate's own address is theirs only). */
export function forCompany(resume: Resume, fileUrl: FileUrl = resumeFileUrl): Resume {
  return resume.photo ? { ...resume, photo: { ...resume.photo, url: fileUrl(resume.photo.id) } } : resume;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The resume's files (resume files and other attachments), each downloaded through `/ajax/comresume/file/{id}`. */
export function ResumeFiles({ resume, fileUrl = resumeFileUrl }: { resume: Resume; fileUrl?: FileUrl }) {
  const { t } = useTranslation();
  const groups = Object.entries(resume.files ?? {}).filter(([, files]) => files && files.length > 0);
  if (groups.length === 0) return null;
  return (
    <section className="rc-files" aria-labelledby="rc-files-title" data-testid="resume-files">
      <h2 id="rc-files-title">{t('recruit.resume.files')}</h2>
      {groups.map(([kind, files]) => (
        <div key={kind} className="rc-file-group">
          <h3>{t(`resume.section.${kind}`)}</h3>
          <ul>
            {files.map((f) => (
              <li key={f.id}>
                <PaperClipOutlined aria-hidden="true" />
                <span className="rc-file-name">{f.name || f.originalName}</span>
                <span className="rc-muted">{size(f.size)}</span>
                <a href={fileUrl(f.id)} download={f.originalName || f.name} data-testid="resume-file">
                  <DownloadOutlined aria-hidden="true" /> {t('recruit.resume.download')}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
