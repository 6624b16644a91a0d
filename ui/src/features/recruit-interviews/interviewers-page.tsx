import { Alert, App, Button, Form, Input, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { maskMobile } from '@/lib/core';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { listInterviewers, removeInterviewer, saveInterviewer } from './api/tools';
import recruitInterviewsCatalogue from './i18n';

registerCatalogue(recruitInterviewsCatalogue);

/** /recruit/interviewer: the company's interviewers; adding one texts them an invitation to accept. */
export default function InterviewersPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.interviewers'));
  const { message } = App.useApp();
  const interviewers = useServerData(() => listInterviewers(), []);
  const [form] = Form.useForm<{ name: string; mobile: string; email: string }>();
  const [error, setError] = useState<unknown>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onAdd = async (values: { name: string; mobile: string; email: string }) => {
    setBusy(true);
    setError(null);
    setInvited(null);
    try {
      const saved = answered(await saveInterviewer(values));
      message.success(t('recruit.ivr.added'));
      if (saved.invited) setInvited(maskMobile(values.mobile));
      form.resetFields();
      interviewers.reload('quiet');
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  const onRemove = async (id: number) => {
    try {
      answered(await removeInterviewer(id));
      message.success(t('recruit.ivr.removed'));
      interviewers.reload('quiet');
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    }
  };

  const list = interviewers.data?.list ?? [];
  return (
    <div className="rc-page" data-testid="interviewers-page">
      <PageHead title={t('recruit.title.interviewers')} />
      <section className="rc-card rc-form-card" aria-labelledby="ivr-add-title">
        <h2 id="ivr-add-title" className="rc-card-title">{t('recruit.ivr.add')}</h2>
        {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(errorKey(error))} data-testid="ivr-error" />}
        {invited && <Alert className="rc-form-alert" type="success" showIcon message={t('recruit.ivr.invited', { mobile: invited })} data-testid="ivr-invited" />}
        <Form form={form} layout="vertical" onFinish={(v) => void onAdd(v)}>
          <div className="rc-form-row">
            <Form.Item name="name" label={t('recruit.ivr.name')} rules={[{ required: true, message: t('recruit.ivr.v.required') }, { max: 30, message: t('recruit.ivr.v.tooLong', { limit: 30 }) }]}>
              <Input data-testid="ivr-name" />
            </Form.Item>
            <Form.Item name="mobile" label={t('recruit.ivr.mobile')} rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: t('recruit.ivr.v.mobile') }]}>
              <Input inputMode="numeric" data-testid="ivr-mobile" />
            </Form.Item>
            <Form.Item name="email" label={t('recruit.ivr.email')} rules={[{ required: true, type: 'email', message: t('recruit.ivr.v.email') }]}>
              <Input type="email" data-testid="ivr-email" />
            </Form.Item>
          </div>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="ivr-add">
            {t('recruit.ivr.add')}
          </Button>
        </Form>
      </section>
      {interviewers.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(interviewers.error))} />}
      <section className="rc-card" aria-label={t('recruit.title.interviewers')}>
        {list.length === 0 && interviewers.status === 'ready' ? (
          <p className="rc-empty">{t('recruit.ivr.empty')}</p>
        ) : (
          <table className="rc-table">
            <thead>
              <tr>
                <th scope="col">{t('recruit.ivr.name')}</th>
                <th scope="col">{t('recruit.ivr.mobile')}</th>
                <th scope="col">{t('recruit.ivr.email')}</th>
                <th scope="col">{t('recruit.ivr.stateColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((i) => (
                <tr key={i.id} data-testid="ivr-row">
                  <td>{i.name}</td>
                  <td>{i.mobile}</td>
                  <td>{i.email}</td>
                  <td>
                    <Tag color={i.state === 'active' ? 'success' : i.state === 'pending' ? 'processing' : undefined} data-testid="ivr-state">
                      {t(`recruit.ivr.state.${i.state}`)}
                    </Tag>
                    {!i.disabled && (
                      <Popconfirm title={t('recruit.ivr.confirmRemove')} onConfirm={() => void onRemove(i.id)}>
                        <Button danger size="small">
                          {t('recruit.ivr.remove')}
                        </Button>
                      </Popconfirm>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
