import { Empty, Pagination, Result, Skeleton, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';
import { getCompany, type CompanyAnswer } from './api/get-company';
import { JobCardRow } from './components/job-card';
import jobsCatalogue from './i18n';
import { useJobLabels } from './use-job-labels';
import './jobs.css';

registerCatalogue(jobsCatalogue);

const PAGE_SIZE = 10;

export default function CompanyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const user = useAuth((s) => s.user);
  const [answer, setAnswer] = useState<CompanyAnswer | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'missing' | 'failed'>('loading');
  const labels = useJobLabels();
  usePageTitle(answer?.company.name ?? null);

  useEffect(() => {
    let live = true;
    setStatus((s) => (s === 'ready' ? 'ready' : 'loading'));
    getCompany(id, page, PAGE_SIZE)
      .then((a) => {
        if (!live) return;
        setAnswer(a);
        setStatus('ready');
      })
      .catch((e: { code?: string }) => live && setStatus(e?.code === 'NOT_FOUND' || e?.code === 'BAD_INPUT' ? 'missing' : 'failed'));
    return () => {
      live = false;
    };
  }, [id, page, user?.resumeId]);

  if (!answer && status === 'loading') return <div className="container job-page"><Skeleton active paragraph={{ rows: 10 }} /></div>;
  if (!answer || status === 'missing' || status === 'failed') {
    return (
      <div className="container job-page">
        <Result status={status === 'missing' ? '404' : 'warning'} title={t(status === 'missing' ? 'jobs.companyNotFound' : 'jobs.loadFailed')} extra={<Link to={paths.search}>{t('jobs.backSearch')}</Link>} />
      </div>
    );
  }
  const { company, jobs } = answer;
  return (
    <div className="container job-page company-page">
      <section className="page-card company-head" data-testid="company-head">
        <span className="company-logo company-logo-large" aria-hidden>
          {(company.shortName || company.name).slice(0, 2)}
        </span>
        <div>
          <h1 className="job-title">{company.name}</h1>
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
        </aside>
      </div>
    </div>
  );
}
