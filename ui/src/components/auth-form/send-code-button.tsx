import { App, Button, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerCatalogue } from '@/i18n';
import { SliderModal } from '@/components/slider-captcha';
import { maskMobile } from '@/lib/core';
import { isRepeatRefusal } from '@/lib/request-error';
import { sendCode, type CodeScene } from './api/send-code';
import { answered } from './login-error';
import authFormCatalogue from './i18n';
import { useResendCountdown } from './use-resend-countdown';
import './auth-form.css';

registerCatalogue(authFormCatalogue);

export interface SendCodeButtonProps {
  form: FormInstance;
  /** The form field holding the mobile the code goes to. */
  mobileName?: string;
  scene: CodeScene;
  /** A failure to show (null clears the last one). */
  onError: (error: unknown) => void;
  /** The code is on its way (e.g. to move the focus to the code box). */
  onSent?: () => void;
}

/**
 * "获取验证码": checks the mobile, opens the slider, then asks /pcuser/sendCode;
 * counts down from the server's `interval` before another code can be asked for.
 */
export function SendCodeButton({ form, mobileName = 'mobile', scene, onError, onSent }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sliderOpen, setSliderOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const { left, label, started } = useResendCountdown();

  const onClick = async () => {
    onError(null);
    try {
      await form.validateFields([mobileName]);
    } catch {
      return; // the field shows what is wrong
    }
    setSliderOpen(true);
  };

  const onVerified = async (captchaVerification: string) => {
    setSliderOpen(false);
    const mobile = String(form.getFieldValue(mobileName) ?? '');
    setSending(true);
    try {
      const answer = answered(await sendCode({ mobile, captchaVerification, scene }));
      started(answer.interval);
      message.success(t('auth.code.sent', { mobile: maskMobile(mobile) }));
      onSent?.();
    } catch (e) {
      if (!isRepeatRefusal(e)) onError(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button className="send-code-btn" onClick={onClick} disabled={left > 0} loading={sending} data-countdown={left}>
        {label}
      </Button>
      <SliderModal open={sliderOpen} onVerified={onVerified} onCancel={() => setSliderOpen(false)} />
    </>
  );
}
