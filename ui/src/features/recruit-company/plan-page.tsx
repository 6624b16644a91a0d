import { Alert, App, Button, Descriptions, Form, Input, Progress, Skeleton, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { toMs } from '@/components/recruit/format';
import { useRecruiter } from '@/components/recruit/store';
import { applyTrial, getPlan, QUOTA_KEYS } from './api/plan';
import { PlanPurchase } from './plan-purchase';
import recruitCompanyCatalogue from './i18n';

registerCatalogue(recruitCompanyCatalogue);

const TRIAL_COLOR = { pending: 'processing', approved: 'success', rejected: 'error' } as const;

/** /recruit/plan: the plan of the paid recruiter services, this month's quotas and their use, and the owner's trial application. */
export default function PlanPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.plan'));
  const { message } = App.useApp();
  const owner = useRecruiter((s) => s.member?.role === 'owner');
  const plan = useServerData(() => getPlan(), []);
  const { reload } = plan;
  const reloadPlan = useCallback(() => reload('keep'), [reload]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const apply = async (values: { contact: string; note?: string }) => {
    setBusy(true);
    setError(null);
    try {
      answered(await applyTrial(values.contact, values.note ?? ''));
      message.success(t('recruit.plan.applied'));
      plan.reload('keep');
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  const p = plan.data;
  const trial = p?.trial;
  const mayApply = owner && (!trial || trial.status === 'rejected');
  return (
    <div className="rc-page" data-testid="plan-page">
      <PageHead title={t('recruit.title.plan')} />
      {plan.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(plan.error))} />}
      {!p ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <section className="rc-card rc-funnel-card" aria-labelledby="rc-plan-title">
            <h2 id="rc-plan-title" className="rc-side-title">
              {t('recruit.plan.current')}: <span data-testid="plan-name">{t(`recruit.plan.names.${p.plan}`)}</span>
            </h2>
            {p.until && <p data-testid="plan-until">{t('recruit.plan.until', { at: formatTime(toMs(p.until)) })}</p>}
            <p className="rc-muted">{t('recruit.plan.month', { month: `${p.month.slice(0, 4)}-${p.month.slice(4)}` })}</p>
            <ul className="rc-quota-list">
              {QUOTA_KEYS.map((k) => {
                const used = p.used[k];
                const limit = p.quotas[k];
                return (
                  <li key={k} data-testid={`quota-${k}`}>
                    <div className="rc-quota-line">
                      <span id={`quota-label-${k}`}>{t(`recruit.plan.quota.${k}`)}</span>
                      <span>{t('recruit.plan.usedOf', { used, limit })}</span>
                    </div>
                    <Progress percent={Math.min(100, Math.round((used / Math.max(1, limit)) * 100))} status={used >= limit ? 'exception' : 'normal'} showInfo={false} aria-labelledby={`quota-label-${k}`} />
                  </li>
                );
              })}
            </ul>
          </section>
          <section className="rc-card rc-funnel-card" aria-labelledby="rc-trial-title">
            <h2 id="rc-trial-title" className="rc-side-title">
              {t('recruit.plan.trialTitle')}
            </h2>
            <p className="rc-muted">{t('recruit.plan.trialIntro')}</p>
            {trial && (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('recruit.plan.trialStatus')}>
                  <Tag color={TRIAL_COLOR[trial.status]} data-testid="trial-status">
                    {t(`recruit.plan.trialStates.${trial.status}`)}
                  </Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('recruit.plan.appliedAt')}>{formatTime(toMs(trial.createdAt))}</Descriptions.Item>
                {trial.endsAt && <Descriptions.Item label={t('recruit.plan.endsAt')}>{formatTime(toMs(trial.endsAt))}</Descriptions.Item>}
                {trial.reason && <Descriptions.Item label={t('recruit.plan.reason')}>{trial.reason}</Descriptions.Item>}
              </Descriptions>
            )}
            {!owner && !trial && <p className="rc-muted">{t('recruit.plan.ownerOnly')}</p>}
            {mayApply && (
              <Form layout="vertical" name="trial" onFinish={(v: { contact: string; note?: string }) => void apply(v)} className="rc-trial-form">
                {!!error && <Alert type="error" showIcon role="alert" message={t(errorKey(error))} className="rc-form-alert" />}
                <Form.Item name="contact" label={t('recruit.plan.contact')} rules={[{ required: true, whitespace: true, message: t('recruit.v.required') }]}>
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item name="note" label={t('recruit.plan.note')}>
                  <Input.TextArea rows={3} maxLength={500} showCount />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={busy} data-testid="apply-trial">
                  {t('recruit.plan.apply')}
                </Button>
              </Form>
            )}
          </section>
          <PlanPurchase owner={owner} current={p.plan} onPaid={reloadPlan} />
        </>
      )}
    </div>
  );
}
