import { Alert, Button, Form, Input, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_DETAIL_MAX, REPORT_REASONS, reportJob, type ReportReason } from '@/lib/api/report-job';
import { isRepeatRefusal } from '@/lib/request-error';
import { errorKey } from '../errors';

interface Props {
  jobId: number;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** 举报: a reason and an optional detail; a failed send keeps both on screen with the message. */
export function ReportModal({ jobId, open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tooLong = [...detail.trim()].length > REPORT_DETAIL_MAX;

  const send = async () => {
    if (!reason) return setProblem(t('report.reasonRequired'));
    if (tooLong) return;
    setBusy(true);
    setProblem(null);
    try {
      await reportJob(jobId, reason, detail);
      setReason(null);
      setDetail('');
      onDone();
    } catch (e) {
      if (!isRepeatRefusal(e)) setProblem(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('report.title')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('report.cancel')}
        </Button>,
        <Button key="ok" type="primary" danger loading={busy} onClick={() => void send()} data-testid="report-send">
          {t('report.submit')}
        </Button>,
      ]}
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('report.reasonLabel')} required validateStatus={problem && !reason ? 'error' : undefined}>
          <Radio.Group value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} aria-label={t('report.reasonLabel')}>
            <Space direction="vertical">
              {REPORT_REASONS.map((r) => (
                <Radio key={r} value={r}>
                  {t(`report.reason.${r}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('report.detailLabel')} htmlFor="report-detail" validateStatus={tooLong ? 'error' : undefined} help={tooLong ? t('report.detailTooLong', { max: REPORT_DETAIL_MAX }) : undefined}>
          <Input.TextArea id="report-detail" rows={3} value={detail} onChange={(e) => setDetail(e.target.value)} placeholder={t('report.detailPlaceholder')} showCount={{ formatter: ({ count }) => `${count}/${REPORT_DETAIL_MAX}` }} />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon role="alert" message={problem} />}
    </Modal>
  );
}
