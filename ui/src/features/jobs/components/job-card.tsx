import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '@/i18n';
import { formatTime } from '@/lib/format';
import type { JobCard } from '@/lib/api/job-types';
import { Highlighted } from './highlighted';
import { useJobLabels } from '@/lib/job-labels';
import { Salary } from './salary';
import { VerifiedBadge } from '@/components/company/verified-badge';

/** One job in a list: title and pay, where and who, skills, and the caller's flags. */
export function JobCardRow({ job, terms, compact = false }: { job: JobCard; terms?: string[]; compact?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const labels = useJobLabels();
  return (
    <li className={`job-card${compact ? ' job-card-compact' : ''}`} data-testid="job-card" data-job-id={job.id}>
      <div className="job-card-main">
        <div className="job-card-head">
          <Link className="job-card-title" to={`/job/${job.id}`}>
            <Highlighted text={job.title} terms={terms} />
          </Link>
          <Salary min={job.salaryMin} max={job.salaryMax} />
        </div>
        <div className="job-card-meta muted">
          <span>{labels.city(job.city)}</span>
          <span>{labels.experience(job.experience)}</span>
          <span>{labels.education(job.education)}</span>
          {!compact && <span>{formatTime(job.postedAt, lang === 'en-US' ? 'YYYY-MM-DD' : 'MM-DD')}</span>}
        </div>
        {!compact && job.keywords.length > 0 && (
          <div className="job-card-skills">
            {job.keywords.map((k) => (
              <span key={k} className="skill-chip">
                <Highlighted text={k} terms={terms} />
              </span>
            ))}
          </div>
        )}
      </div>
      <div className="job-card-side">
        <Link className="job-card-company" to={`/company/${job.companyId}`}>
          <Highlighted text={job.companyName} terms={terms} />
        </Link>
        <VerifiedBadge verified={job.companyVerified} />
        <div className="muted job-card-company-meta">
          {labels.industry(job.industry)} · {labels.companySize(job.companySize)}
        </div>
        <div className="job-card-flags">
          {job.applied && (
            <Tag color="green" data-testid="flag-applied">
              {t('jobs.applied')}
            </Tag>
          )}
          {job.saved && (
            <Tag color="gold" data-testid="flag-saved">
              {t('jobs.saved')}
            </Tag>
          )}
          {job.closed && <Tag>{t('jobs.closed')}</Tag>}
        </div>
      </div>
    </li>
  );
}
