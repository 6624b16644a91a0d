import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { applyJob } from '@/lib/api/apply-job';
import { startChat } from '@/lib/api/chat';
import chatCatalogue from '@/components/chat/i18n';
import { ChatQuotaNote, chatStartErrorText, useChatQuota } from '@/components/chat/chat-quota';
import { saveJob, unsaveJob } from '@/lib/api/save-job';
import { useAuth } from '@/lib/auth';
import { salaryText } from '@/lib/format';
import { useJobLabels } from '@/lib/job-labels';
import { useServerData } from '@/lib/use-server-data';
import { useSsrHandoff } from '@/lib/ssr-handoff';
import { getJobDetail, type MyResume } from '@/lib/api/get-job-detail';
import { JobItem } from '../components/job-item';
import { ReportSheet } from '../components/report-sheet';
import { Sheet } from '../components/sheet';
import { Failed, Loading } from '../components/states';
import { mToast } from '../components/toast';
import { errorText } from '../error-text';
import { loginPath, mPaths } from '../paths';
import { VerifiedBadge } from '@/components/company/verified-badge';
import { RecruiterCard } from '@/components/recruiter-card/recruiter-card';

registerCatalogue(chatCatalogue);

/** /m/job/:id: the job, its company, apply (choosing the resume when there are several) and save. */
export default function JobPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAuth((s) => s.user);
  const labels = useJobLabels();
  const detail = useServerData(() => getJobDetail(id), [id], { refetchOn: [user] });
  const [choosing, setChoosing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  // What 立即沟通 has left today, for a signed-in candidate.
  const quota = useChatQuota(user ? 'chat' : null);
  useSsrHandoff(detail.status !== 'loading');

  if (detail.status === 'loading') return <Loading />;
  // A job that is not there or not public (a draft, held, taken down): no retry will bring it.
  if (!detail.data && (detail.error as { code?: unknown } | null)?.code === 'NOT_FOUND') {
    return (
      <div className="m-state" role="alert">
        <p>{t('m.jobGone')}</p>
        <Link className="m-btn" to={mPaths.search}>
          {t('m.backToSearch')}
        </Link>
      </div>
    );
  }
  if (!detail.data) return <Failed onRetry={() => detail.reload()} />;
  const { job, description, company, similar, myResumes, shieldedResumeIds, recruiter } = detail.data;
  const salary = salaryText(job.salaryMin, job.salaryMax, currentLanguage());
  const needLogin = () => navigate(loginPath(location.pathname));

  const apply = async (resume: MyResume) => {
    setBusy(true);
    try {
      await applyJob(job.id, resume.id);
      setChoosing(false);
      mToast.info(t('m.job.applyDone'));
      detail.setData((d) => d && { ...d, job: { ...d.job, applied: true } });
    } catch (e) {
      mToast.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const onChat = async () => {
    if (!user) return needLogin();
    setBusy(true);
    try {
      const conversationId = await startChat(job.id);
      navigate(mPaths.chatWith(conversationId));
    } catch (e) {
      mToast.error(chatStartErrorText(t, e));
      void quota.reload('quiet');
    } finally {
      setBusy(false);
    }
  };
  const onApply = () => {
    if (!user) return needLogin();
    const usable = myResumes.filter((r) => r.filled);
    if (usable.length === 1 && myResumes.length === 1) return void apply(usable[0]);
    setChoosing(true);
  };
  const onSave = async () => {
    if (!user) return needLogin();
    try {
      if (job.saved) await unsaveJob(job.id);
      else await saveJob(job.id);
      mToast.info(t(job.saved ? 'm.job.unsaveDone' : 'm.job.saveDone'));
      detail.setData((d) => d && { ...d, job: { ...d.job, saved: !d.job.saved } });
    } catch (e) {
      mToast.error(errorText(t, e));
    }
  };

  const facts = [labels.city(job.city), labels.experience(job.experience), labels.education(job.education)].filter(Boolean);
  return (
    <>
      <section className="m-card m-job-head">
        <h2>{job.title}</h2>
        <span className="m-salary">{t(salary.key, salary.values)}</span>
        <div className="m-job-facts">{facts.join(' · ')}</div>
        {job.tags.length > 0 && (
          <div className="m-tags">
            {job.tags.map((x) => (
              <span key={x}>{labels.benefit(x)}</span>
            ))}
          </div>
        )}
        <button type="button" className="m-report" onClick={() => (user ? setReporting(true) : needLogin())} data-testid="m-report">
          {t('report.open')}
        </button>
      </section>
      {recruiter && (
        <section className="m-card" aria-labelledby="m-recruiter-title">
          <h2 id="m-recruiter-title">{t('recruiter.title')}</h2>
          <RecruiterCard recruiter={recruiter} company={company.shortName || company.name} compact />
        </section>
      )}
      <section className="m-card">
        <h2>{t('m.job.company')}</h2>
        <Link to={mPaths.company(company.id)} className="m-company-link">
          <span>
            <b>{company.name}</b>
            <VerifiedBadge verified={company.verified} />
            <br />
            <span className="m-job-facts">{[labels.industry(company.industry), labels.companySize(company.companySize)].filter(Boolean).join(' · ')}</span>
          </span>
          <span aria-hidden>›</span>
        </Link>
      </section>
      <section className="m-card">
        <h2>{t('m.job.description')}</h2>
        <div className="m-prose">{description}</div>
        {job.keywords.length > 0 && (
          <div className="m-tags">
            {job.keywords.map((x) => (
              <span key={x}>{x}</span>
            ))}
          </div>
        )}
      </section>
      {similar.length > 0 && (
        <section>
          <h2 className="m-section-title" style={{ padding: '8px 16px 0' }}>
            {t('m.job.similar')}
          </h2>
          <ul className="m-list">
            {similar.map((j) => (
              <JobItem key={j.id} job={j} labels={labels} />
            ))}
          </ul>
        </section>
      )}
      <div className="m-actions">
        {!job.closed && user && <ChatQuotaNote quota={quota.data} className="m-chat-quota" />}
        <button type="button" className="m-btn" onClick={() => void onSave()} aria-pressed={job.saved} data-testid="m-save">
          {job.saved ? t('m.job.saved') : t('m.job.save')}
        </button>
        <button type="button" className="m-btn" disabled={job.closed || busy} onClick={() => void onChat()} data-testid="m-chat">
          {t('chat.start')}
        </button>
        <button type="button" className="m-btn m-btn-primary" disabled={job.closed || job.applied || busy} onClick={onApply} data-testid="m-apply">
          {job.closed ? t('m.job.closed') : job.applied ? t('m.job.applied') : t('m.job.apply')}
        </button>
      </div>
      <ReportSheet jobId={job.id} open={reporting} onClose={() => setReporting(false)} />
      <Sheet open={choosing} title={t('m.job.chooseResume')} onClose={() => setChoosing(false)}>
        {myResumes.filter((r) => r.filled).length === 0 && (
          <>
            <p style={{ marginBottom: 12 }}>{t('m.job.noResume')}</p>
            <Link className="m-btn m-btn-primary m-btn-block" to={mPaths.resume}>
              {t('m.job.fillResume')}
            </Link>
          </>
        )}
        {myResumes
          .filter((r) => r.filled)
          .map((r) => (
            <button key={r.id} type="button" className="m-choice" disabled={busy} onClick={() => void apply(r)}>
              {r.title || t('resume.untitled')}
              {shieldedResumeIds.includes(r.id) && t('m.job.shielded')}
            </button>
          ))}
      </Sheet>
    </>
  );
}
