import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] as const;

/** The member agreement's text; "agree" ticks the box on the register form. */
export function AgreementModal({ open, onClose, onAgree }: { open: boolean; onClose: () => void; onAgree: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('auth.agreement.title')}
      onCancel={onClose}
      className="agreement-modal"
      width={560}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('auth.agreement.close')}
        </Button>,
        <Button key="agree" type="primary" onClick={onAgree}>
          {t('auth.agreement.agree')}
        </Button>,
      ]}
    >
      <div className="agreement-text">
        <p>{t('auth.agreement.intro')}</p>
        {PARAGRAPHS.map((p) => (
          <p key={p}>{t(`auth.agreement.${p}`)}</p>
        ))}
      </div>
    </Modal>
  );
}
