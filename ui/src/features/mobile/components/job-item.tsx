import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VerifiedBadge } from '@/components/company/verified-badge';
import { currentLanguage } from '@/i18n';
import { salaryText } from '@/lib/format';
import type { JobLabels } from '@/lib/job-labels';
import { mPaths } from '../paths';

export interface JobLine {
  id: number;
  title: string;
  companyName: string;
  /** A reviewer verified the company (the same 认证 badge as the desktop's job cards). */
  companyVerified?: boolean;
  city: string;
  salaryMin: number;
  salaryMax: number;
  experience?: string;
  education?: string;
  closed?: boolean;
}

/** One job in a list: the whole card is the link (a large tap target). */
export function JobItem({ job, labels, extra }: { job: JobLine; labels: JobLabels; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const salary = salaryText(job.salaryMin, job.salaryMax, currentLanguage());
  const facts = [labels.city(job.city), job.experience && labels.experience(job.experience), job.education && labels.education(job.education)].filter(Boolean);
  return (
    <li className="m-job">
      <Link to={mPaths.job(job.id)} className="m-job-link">
        <div className="m-job-top">
          <span className="m-job-title">{job.title}</span>
          <span className="m-salary">{t(salary.key, salary.values)}</span>
        </div>
        <div className="m-job-facts">{facts.join(' · ')}</div>
        <div className="m-job-company">
          {job.companyName}
          <VerifiedBadge verified={job.companyVerified} />
          {job.closed && <span className="m-badge m-badge-grey">{t('m.job.closed')}</span>}
        </div>
      </Link>
      {extra}
    </li>
  );
}
