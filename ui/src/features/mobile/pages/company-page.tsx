import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useJobLabels } from '@/lib/job-labels';
import { useServerData } from '@/lib/use-server-data';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import { getCompany } from '@/lib/api/get-company';
import { JobItem } from '../components/job-item';
import { EmptyState, Failed, Loading } from '../components/states';
import { CompanyGallery, CompanyLogo } from '@/components/company/company-pictures';
import { VerifiedBadge } from '@/components/company/verified-badge';

/** /m/company/:id: the company and its open jobs. */
export default function CompanyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const labels = useJobLabels();
  const data = useServerData(() => getCompany(id, 1, 50), [id]);
  useSsrHandoff(data.status !== 'loading');
  if (data.status === 'loading') return <Loading />;
  if (!data.data) return <Failed onRetry={() => data.reload()} />;
  const { company, jobs } = data.data;
  const facts = [labels.industry(company.industry), labels.companyType(company.companyType), labels.companySize(company.companySize), labels.city(company.city)].filter(Boolean);
  return (
    <>
      <section className="m-card m-job-head m-company-head">
        <CompanyLogo company={company} className="m-company-logo" size={48} />
        <h2>
          {company.name}
          <VerifiedBadge verified={company.verified} />
        </h2>
        <div className="m-job-facts">{facts.join(' · ')}</div>
        {company.address && (
          <div className="m-job-facts">
            {t('m.company.address')}: {company.address}
          </div>
        )}
      </section>
      {company.intro && (
        <section className="m-card">
          <h2>{t('m.company.intro')}</h2>
          <div className="m-prose">{company.intro}</div>
        </section>
      )}
      <CompanyGallery
        pictures={company.pictures}
        video={company.video}
        blockClassName="m-card"
        headingClassName=""
        labels={{ photos: t('m.company.photos'), video: t('m.company.video'), photo: (n) => t('m.company.photo', { n }), watch: t('m.company.videoWatch') }}
      />
      <h2 className="m-section-title" style={{ padding: '8px 16px 0' }}>
        {t('m.company.jobs', { count: jobs.total })}
      </h2>
      {jobs.list.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="m-list">
          {jobs.list.map((j) => (
            <JobItem key={j.id} job={{ ...j, companyName: company.name }} labels={labels} />
          ))}
        </ul>
      )}
    </>
  );
}
