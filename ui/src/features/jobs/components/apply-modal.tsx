import { Alert, Button, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { MyResume } from '@/lib/api/get-job-detail';

interface Props {
  open: boolean;
  resumes: MyResume[];
  shielded: number[];
  busy: boolean;
  onCancel: () => void;
  onApply: (resumeId: number) => void;
}

/** Chooses which of the caller's resumes to send. */
export function ApplyModal({ open, resumes, shielded, busy, onCancel, onApply }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | undefined>(resumes.find((r) => r.filled)?.id ?? resumes[0]?.id);
  const picked = chosen ?? resumes[0]?.id;
  return (
    <Modal
      open={open}
      title={t('jobs.chooseResume')}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        resumes.length
          ? [
              <Button key="cancel" onClick={onCancel}>
                {t('jobs.cancel')}
              </Button>,
              <Button key="ok" type="primary" loading={busy} disabled={!picked} onClick={() => picked && onApply(picked)} data-testid="apply-confirm">
                {t('jobs.confirmApply')}
              </Button>,
            ]
          : null
      }
    >
      {resumes.length === 0 ? (
        <Alert
          type="info"
          showIcon
          message={t('jobs.noResume')}
          action={
            <Link to={paths.my.edit}>
              <Button size="small" type="primary">
                {t('jobs.createResume')}
              </Button>
            </Link>
          }
        />
      ) : (
        <Radio.Group value={picked} onChange={(e) => setChosen(e.target.value as number)} data-testid="apply-resumes">
          <Space direction="vertical">
            {resumes.map((r) => (
              <Radio key={r.id} value={r.id}>
                {r.title || t('jobs.chooseResume')}
                {!r.filled && <span className="muted">{t('jobs.resumeEmpty')}</span>}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {picked !== undefined && shielded.includes(picked) && <Alert className="apply-shielded" type="warning" showIcon message={t('jobs.resumeShielded')} />}
    </Modal>
  );
}
