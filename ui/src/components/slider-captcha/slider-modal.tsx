import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SliderCaptcha } from './slider-captcha';

export interface SliderModalProps {
  open: boolean;
  /** The slide passed: the modal's owner closes it and uses the verification. */
  onVerified: (captchaVerification: string) => void;
  onCancel: () => void;
}

/** The slider captcha in a modal; each opening draws a new picture. */
export function SliderModal({ open, onVerified, onCancel }: SliderModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('slider.title')}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      centered
      width={360}
      className="slider-modal"
      maskClosable={false}
      // The owner moves the focus on (to the code box); the modal must not take it back to the button.
      focusTriggerAfterClose={false}
    >
      <SliderCaptcha onVerified={onVerified} />
    </Modal>
  );
}
