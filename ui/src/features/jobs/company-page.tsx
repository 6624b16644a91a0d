import { Empty, Pagination, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import { getCompany } from '@/lib/api/get-company';
import { JobCardRow } from './components/job-card';
import { MissingResult } from './components/missing-result';
import { isMissing } from './errors';
import jobsCatalogue from './i18n';
import { useJobLabels } from '@/lib/job-labels';
import { CompanyGallery, CompanyLogo } from '@/components/company/company-pictures';
import './jobs.css';
import { VerifiedBadge } from '@/components/company/verified-badge';

registerCatalogue(jobsCatalogue);

const PAGE_SIZE = 10;

export default function CompanyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const user = useAuth((s) => s.user);
  // Another page of jobs keeps the company on screen until it comes.
  const load = useServerData(() => getCompany(id, page, PAGE_SIZE), [id, page], { keep: true, refetchOn: [user?.resumeId] });
  const answer = load.data ?? null;
  const status = load.status === 'failed' && isMissing(load.error) ? 'missing' : load.status;
  useSsrHandoff(status !== 'loading');
  const labels = useJobLabels();
  usePageTitle(answer?.company.name ?? null);

  if (!answer && status === 'loading') return <div className="container job-page"><Skeleton active paragraph={{ rows: 10 }} /></div>;
  if (!answer || status === 'missing' || status === 'failed') {
    return (
      <div className="container job-page">
        <MissingResult missing={status === 'missing'} titleKey={status === 'missing' ? 'jobs.companyNotFound' : 'jobs.loadFailed'} />
      </div>
    );
  }
  const { company, jobs } = answer;
  return (
    <div className="container job-page company-page">
      <section className="page-card company-head" data-testid="company-head">
        <CompanyLogo company={company} className="company-logo company-logo-large" size={64} />
        <div>
          <h1 className="job-title">
            {company.name}
            <VerifiedBadge verified={company.verified} />
          </h1>
          <div className="job-card-meta muted">
            <span>{labels.industry(company.industry)}</span>
            <span>{labels.companyType(company.companyType)}</span>
            <span>{labels.companySize(company.companySize)}</span>
            <span>{labels.city(company.city)}</span>
          </div>
        </div>
      </section>
      <div className="job-body">
        <div className="job-main">
          <section className="page-card">
            <h2 className="section-title">{t('jobs.companyJobs', { count: jobs.total })}</h2>
            <Spin spinning={status === 'loading'}>
              {jobs.total === 0 ? (
                <Empty description={t('jobs.noJobs')} />
              ) : (
                <ul className="job-list" data-testid="company-jobs">
                  {jobs.list.map((j) => (
                    <JobCardRow key={j.id} job={j} />
                  ))}
                </ul>
              )}
              <Pagination
                className="results-pager"
                current={page}
                pageSize={PAGE_SIZE}
                total={Math.min(jobs.total, 1000)}
                onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
                showSizeChanger={false}
                hideOnSinglePage
              />
            </Spin>
          </section>
        </div>
        <aside className="job-side">
          <section className="page-card">
            <h2 className="section-title">{t('jobs.companyIntro')}</h2>
            <p className="company-intro">{company.intro}</p>
            <h2 className="section-title">{t('jobs.address')}</h2>
            <p>{company.address}</p>
          </section>
          <CompanyGallery
            pictures={company.pictures}
            video={company.video}
            blockClassName="page-card"
            headingClassName="section-title"
            labels={{ photos: t('jobs.companyPhotos'), video: t('jobs.companyVideo'), photo: (n) => t('jobs.companyPhoto', { n }), watch: t('jobs.companyVideoWatch') }}
          />
        </aside>
      </div>
    </div>
  );
}
