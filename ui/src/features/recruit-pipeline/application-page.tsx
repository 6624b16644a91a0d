import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { answered } from '@/lib/call-errors';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { ResumeDocument } from '@/components/resume-view/resume-document';
import { getApplication, getStages, moveApplication, rejectApplications } from '@/components/recruit/api/pipeline';
import { MoveMenu } from '@/components/recruit/move-menu';
import { MoveHistory, NotesSection } from '@/components/recruit/notes-history';
import { useNoticeDialog } from '@/components/recruit/notice-dialog';
import { NoticeList } from '@/components/recruit/notice-list';
import { PageHead } from '@/components/recruit/recruit-layout';
import { forCompany, ResumeFiles } from '@/components/recruit/resume-files';
import { errorKey } from '@/components/recruit/errors';
import { HIRED, since, STATUS_COLOR, toMs } from '@/components/recruit/format';
import { candidatesPath, invitePath, recruitChatPath } from '@/components/recruit/paths';
import { ChatQuotaNote, chatStartErrorText, useChatQuota } from '@/components/chat/chat-quota';
import chatCatalogue from '@/components/chat/i18n';
import { greetCandidate } from '@/lib/api/chat';
import { stageLabel } from '@/components/recruit/labels';
import { AssessmentPanel } from './assessment-panel';
import recruitPipelineCatalogue from './i18n';

registerCatalogue(chatCatalogue);

registerCatalogue(recruitPipelineCatalogue);

/** /recruit/comresume/detail/:applyId: the whole resume, the application's stage, its moves and the company's private notes. */
export default function ApplicationPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const applyId = Number(useParams().applyId);
  const detail = useServerData(() => getApplication(applyId), [applyId]);
  const stages = useServerData(() => getStages(), []);
  // What 打招呼 has left today (the company's plan sets the member's day).
  const quota = useChatQuota('comchat');
  const [busy, setBusy] = useState(false);
  const [askNotice, noticeDialog] = useNoticeDialog();
  const app = detail.data?.application;
  usePageTitle(app ? t('recruit.title.application', { name: app.name }) : t('recruit.title.candidates'));

  const move = async (stageId: number) => {
    if (!app) return;
    const target = stages.data?.find((s) => s.id === stageId);
    const template = target?.status === HIRED ? await askNotice('offer', t('recruit.notices.offerTitle', { name: app.name }), t('recruit.notices.moveOk')) : 0;
    if (template === null) return;
    setBusy(true);
    try {
      answered(await moveApplication(app.applyId, stageId, template));
      message.success(t('recruit.pipeline.moved', { name: app.name, stage: target?.name ?? '' }));
      detail.reload('keep');
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  // 打招呼: opens (or reuses) the conversation with the candidate about the applied job, then the thread.
  const greet = async () => {
    if (!app) return;
    setBusy(true);
    try {
      navigate(recruitChatPath(await greetCandidate(app.resumeId, app.jobId)));
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(chatStartErrorText(t, e));
      void quota.reload('quiet');
    } finally {
      setBusy(false);
    }
  };

  const reject = async () => {
    if (!app) return;
    const template = await askNotice('rejection', t('recruit.pipeline.rejectOne', { name: app.name }), t('recruit.pipeline.reject'));
    if (template === null) return;
    setBusy(true);
    try {
      answered(await rejectApplications([app.applyId], template));
      message.success(t('recruit.pipeline.rejected', { name: app.name }));
      detail.reload('keep');
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  if (detail.status === 'failed' && !detail.data) {
    return (
      <div className="rc-page">
        <PageHead title={t('recruit.title.candidates')} />
        <div className="rc-card">
          <Alert type="error" showIcon message={t(errorKey(detail.error))} action={<Button onClick={() => detail.reload()}>{t('common.retry')}</Button>} />
        </div>
      </div>
    );
  }
  if (!detail.data || !app) {
    return (
      <div className="rc-page">
        <div className="rc-card">
          <Skeleton active avatar paragraph={{ rows: 10 }} />
        </div>
      </div>
    );
  }
  const { resume, notes, moves } = detail.data;
  // A move names its stages (or gives their ids): shown by name.
  const stageName = (v: string | number | null) => (v === null || v === '' ? '' : stageLabel(t, stages.data?.find((s) => String(s.id) === String(v))?.name ?? String(v)));
  const inStage = since(app.stageAt, Date.now());
  const isRejected = app.status === 5;

  return (
    <div className="rc-page" data-testid="application-page">
      <PageHead
        title={t('recruit.title.application', { name: app.name })}
        extra={
          <>
            <Button onClick={() => void greet()} disabled={busy} data-testid="greet">
              {t('chat.greet')}
            </Button>
            <Button type="primary" onClick={() => navigate(invitePath(app.applyId))} data-testid="invite">
              {t('recruit.iv.invite')}
            </Button>
            <Button icon={<ArrowLeftOutlined />} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(candidatesPath(0, app.jobId)))}>
              {t('recruit.common.back')}
            </Button>
            <ChatQuotaNote quota={quota.data} className="rc-greet-quota" />
          </>
        }
      />
      <div className="rc-detail">
        <div className="rc-detail-main rc-card">
          <ResumeDocument resume={forCompany(resume)} fallbackName={app.name} />
          <ResumeFiles resume={resume} />
        </div>
        <aside className="rc-detail-side" aria-label={t('recruit.detail.sideLabel')}>
          <section className="rc-card" aria-labelledby="rc-app-title">
            <h2 id="rc-app-title" className="rc-side-title">
              {t('recruit.detail.application')}
            </h2>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('recruit.pipeline.col.job')}>
                <Link to={candidatesPath(0, app.jobId)}>{app.jobTitle}</Link>
              </Descriptions.Item>
              <Descriptions.Item label={t('recruit.pipeline.col.stage')}>
                <Tag color={STATUS_COLOR[app.status] ?? 'default'} data-testid="current-stage">
                  {stageLabel(t, app.stageName)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('recruit.pipeline.col.inStage')}>{t(inStage.key, { count: inStage.count })}</Descriptions.Item>
              <Descriptions.Item label={t('recruit.pipeline.col.applied')}>{formatTime(toMs(app.appliedAt))}</Descriptions.Item>
              {app.assessment && (
                <Descriptions.Item label={t('recruit.assess.panelTitle')}>
                  <span data-testid="detail-score">
                    {t(app.assessment.pending ? 'recruit.assess.cardScorePending' : 'recruit.assess.cardScore', { score: app.assessment.score, max: app.assessment.maxScore })}
                  </span>
                </Descriptions.Item>
              )}
            </Descriptions>
            <div className="rc-detail-actions">
              <MoveMenu size="middle" stages={stages.data ?? []} current={app.stageId} onMove={(s) => void move(s)} label={t('recruit.pipeline.moveLabel', { name: app.name })} />
              <Button danger disabled={isRejected || busy} onClick={() => void reject()} data-testid="reject-one">
                {t('recruit.pipeline.reject')}
              </Button>
            </div>
            {noticeDialog}
          </section>
          <NoticeList event={`apply:${app.applyId}:`} refetchOn={[app.stageId]} level={2} className="rc-card rc-notices" />
          <AssessmentPanel applyId={app.applyId} onChanged={() => detail.reload('keep')} />
          <NotesSection className="rc-card" idBase="rc" applyId={app.applyId} notes={notes} onAdded={() => detail.reload('keep')} />
          <MoveHistory className="rc-card" idBase="rc" moves={moves} stageName={stageName} landedKey="recruit.detail.landed" />
        </aside>
      </div>
    </div>
  );
}
