import { useTranslation } from 'react-i18next';
import { registerCatalogue } from '@/i18n';
import type { JobDetail } from '@/lib/api/answers';
import recruiterCatalogue from './i18n';
import './recruiter-card.css';

registerCatalogue(recruiterCatalogue);

export type Recruiter = NonNullable<JobDetail['recruiter']>;

/**
 * 职位发布者: who answers a job's chats (the job page, desktop and /m), as Boss直聘 shows them before 立即沟通:
 * an initial for an avatar, the name, the title and company, and how recently they worked (a bucket, never a
 * time; none when older than a month or turned off by the member).
 */
export function RecruiterCard({ recruiter, company, compact = false }: { recruiter: Recruiter; company: string; compact?: boolean }) {
  const { t } = useTranslation();
  const initial = Array.from(recruiter.name.trim())[0] ?? '?';
  return (
    <div className={`recruiter-card${compact ? ' recruiter-card-compact' : ''}`} data-testid="recruiter-card">
      <span className="recruiter-avatar" aria-hidden="true">
        {initial}
      </span>
      <div className="recruiter-text">
        <div className="recruiter-name-line">
          <span className="recruiter-name">{recruiter.name}</span>
          {recruiter.active && (
            <span className="recruiter-active" data-testid="recruiter-active">
              <span className="recruiter-dot" aria-hidden="true" />
              {t(`recruiter.active.${recruiter.active}`)}
            </span>
          )}
        </div>
        <div className="recruiter-role">{[company, recruiter.title].filter(Boolean).join(' · ')}</div>
      </div>
    </div>
  );
}
