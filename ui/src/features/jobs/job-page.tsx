import { HeartFilled, HeartOutlined, MessageOutlined, SendOutlined, WarningOutlined } from '@ant-design/icons';
import { App, Button, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { chatPath, paths } from '@/config/paths';
import { ChatQuotaNote, chatStartErrorText, useChatQuota } from '@/components/chat/chat-quota';
import chatCatalogue from '@/components/chat/i18n';
import { startChat } from '@/lib/api/chat';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { applyJob } from '@/lib/api/apply-job';
import { saveJob, unsaveJob } from '@/lib/api/save-job';
import { useAuth } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { getJobDetail, type JobDetail } from '@/lib/api/get-job-detail';
import { ApplyModal } from './components/apply-modal';
import { MissingResult } from './components/missing-result';
import { JobCardRow } from './components/job-card';
import { ReportModal } from './components/report-modal';
import { Salary } from './components/salary';
import { useJobLabels } from '@/lib/job-labels';
import { errorKey, isMissing } from './errors';
import jobsCatalogue from './i18n';
import './jobs.css';

registerCatalogue(chatCatalogue);
import { CompanyLogo } from '@/components/company/company-pictures';
import { VerifiedBadge } from '@/components/company/verified-badge';
import { RecruiterCard } from '@/components/recruiter-card/recruiter-card';

registerCatalogue(jobsCatalogue);

export default function JobPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  // Asked again when the user changes: the answer says whether they saved or applied.
  const load = useServerData(() => getJobDetail(id), [id], { refetchOn: [user?.resumeId] });
  const detail = load.data ?? null;
  const status = load.status === 'failed' && isMissing(load.error) ? 'missing' : load.status;
  const [applying, setApplying] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const labels = useJobLabels();
  // What 立即沟通 has left today, for a signed-in candidate.
  const quota = useChatQuota(user ? 'chat' : null);
  usePageTitle(detail ? `${detail.job.title} - ${detail.company.shortName || detail.company.name}` : null);
  useSsrHandoff(status !== 'loading');

  if (status === 'loading') return <div className="container job-page"><Skeleton active paragraph={{ rows: 10 }} /></div>;
  if (status !== 'ready' || !detail) {
    return (
      <div className="container job-page">
        <MissingResult missing={status === 'missing'} titleKey={status === 'missing' ? 'jobs.notFound' : 'jobs.loadFailed'} />
      </div>
    );
  }
  const { job, company } = detail;
  const needLogin = () => navigate(`${paths.login}?returnUrl=${encodeURIComponent(location.pathname)}`);
  const update = (patch: Partial<JobDetail['job']>) => load.setData((d) => d && { ...d, job: { ...d.job, ...patch } });
  const fail = (e: unknown) => {
    if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
  };

  const onSave = async () => {
    if (!user) return needLogin();
    setBusy('save');
    try {
      if (job.saved) {
        await unsaveJob(job.id);
        update({ saved: false });
        message.success(t('jobs.unsavedNow'));
      } else {
        await saveJob(job.id);
        update({ saved: true });
        message.success(t('jobs.savedNow'));
      }
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  // 立即沟通: opens (or reuses) the conversation with the job's recruiter, then the thread in /my/chat.
  const onChat = async () => {
    if (!user) return needLogin();
    setBusy('chat');
    try {
      navigate(chatPath(await startChat(job.id)));
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(chatStartErrorText(t, e));
      // A refusal for the day's quota: the line under the button says so too.
      void quota.reload('quiet');
    } finally {
      setBusy(null);
    }
  };

  const onApply = async (resumeId: number) => {
    setBusy('apply');
    try {
      await applyJob(job.id, resumeId);
      update({ applied: true });
      setApplying(false);
      message.success(t('jobs.appliedNow'));
    } catch (e) {
      if ((e as { code?: string }).code === 'ALREADY_APPLIED') update({ applied: true });
      setApplying(false);
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  const lines = detail.description.split('\n').map((l) => l.trim()).filter(Boolean);
  return (
    <div className="container job-page">
      <section className="job-head page-card" data-testid="job-head">
        <div className="job-head-main">
          <h1 className="job-title">{job.title}</h1>
          <Salary min={job.salaryMin} max={job.salaryMax} />
          <div className="job-card-meta muted">
            <span>{labels.city(job.city)}</span>
            <span>{labels.experience(job.experience)}</span>
            <span>{labels.education(job.education)}</span>
            <span>{t('jobs.postedAt', { time: formatTime(job.postedAt, currentLanguage() === 'en-US' ? 'YYYY-MM-DD' : 'YYYY年MM月DD日') })}</span>
          </div>
          {job.tags.length > 0 && (
            <div className="job-benefits" aria-label={t('jobs.benefits')}>
              {job.tags.map((b) => (
                <Tag key={b} color="blue">
                  {labels.benefit(b)}
                </Tag>
              ))}
            </div>
          )}
        </div>
        <div className="job-side">
          <div className="job-actions">
            {!job.closed && (
              <Button size="large" icon={<MessageOutlined />} loading={busy === 'chat'} onClick={() => void onChat()} data-testid="chat-start">
                {t('chat.start')}
              </Button>
            )}
            {job.closed ? (
              <Tag>{t('jobs.closed')}</Tag>
            ) : (
              <Button
                type="primary"
                size="large"
                icon={<SendOutlined />}
                disabled={job.applied}
                onClick={() => (user ? setApplying(true) : needLogin())}
                data-testid="apply"
              >
                {job.applied ? t('jobs.applied') : t('jobs.apply')}
              </Button>
            )}
            <Button size="large" icon={job.saved ? <HeartFilled /> : <HeartOutlined />} loading={busy === 'save'} onClick={onSave} title={job.saved ? t('jobs.unsave') : undefined} data-testid="save">
              {job.saved ? t('jobs.saved') : t('jobs.save')}
            </Button>
            <Button type="text" className="job-report" icon={<WarningOutlined />} onClick={() => (user ? setReporting(true) : needLogin())} data-testid="report">
              {t('report.open')}
            </Button>
          </div>
          {!job.closed && user && <ChatQuotaNote quota={quota.data} />}
        </div>
      </section>
      <div className="job-body">
        <div className="job-main">
          <section className="page-card">
            <h2 className="section-title">{t('jobs.description')}</h2>
            {job.keywords.length > 0 && (
              <div className="job-card-skills" aria-label={t('jobs.skills')}>
                {job.keywords.map((k) => (
                  <span key={k} className="skill-chip">
                    {k}
                  </span>
                ))}
              </div>
            )}
            <div className="job-description" data-testid="job-description">
              {lines.map((l, i) => (
                <p key={i} className={/[：:]$/.test(l) ? 'job-description-head' : undefined}>
                  {l}
                </p>
              ))}
            </div>
          </section>
          {detail.recruiter && (
            <section className="page-card" aria-labelledby="job-recruiter-title">
              <h2 className="section-title" id="job-recruiter-title">
                {t('recruiter.title')}
              </h2>
              <RecruiterCard recruiter={detail.recruiter} company={company.shortName || company.name} />
            </section>
          )}
          {detail.similar.length > 0 && (
            <section className="page-card">
              <h2 className="section-title">{t('jobs.similar')}</h2>
              <ul className="job-list" data-testid="similar">
                {detail.similar.map((j) => (
                  <JobCardRow key={j.id} job={j} compact />
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="job-side">
          <section className="page-card company-card" data-testid="company-card">
            <h2 className="section-title">{t('jobs.company')}</h2>
            <Link to={`/company/${company.id}`} className="company-card-name">
              <CompanyLogo company={company} className="company-logo" size={44} />
              {company.name}
              <VerifiedBadge verified={company.verified} />
            </Link>
            <dl className="company-facts">
              <dt>{t('jobs.filters.industry')}</dt>
              <dd>{labels.industry(company.industry)}</dd>
              <dt>{t('jobs.size')}</dt>
              <dd>{labels.companySize(company.companySize)}</dd>
              <dt>{t('jobs.type')}</dt>
              <dd>{labels.companyType(company.companyType)}</dd>
              <dt>{t('jobs.address')}</dt>
              <dd>{company.address}</dd>
            </dl>
            <Link to={`/company/${company.id}`}>{t('jobs.allJobs', { count: company.openJobs })}</Link>
          </section>
        </aside>
      </div>
      {/* Kept mounted while closed, so that antd gives the focus back to the apply button when it closes. */}
      <ApplyModal open={applying} resumes={detail.myResumes} shielded={detail.shieldedResumeIds} busy={busy === 'apply'} onCancel={() => setApplying(false)} onApply={onApply} />
      <ReportModal
        jobId={job.id}
        open={reporting}
        onClose={() => setReporting(false)}
        onDone={() => {
          setReporting(false);
          message.success(t('report.done'));
        }}
      />
    </div>
  );
}
