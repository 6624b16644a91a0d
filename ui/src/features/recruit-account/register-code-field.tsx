import { SafetyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import { maskMobile } from '@/lib/core';
import { isRepeatRefusal } from '@/lib/request-error';
import { useResendCountdown } from '@/components/auth-form/use-resend-countdown';
import { codeRules, normalizeCode } from '@/components/auth-form/fields';
import { SliderModal } from '@/components/slider-captcha';
import { sendRegisterCode } from './api/account';

/**
 * The code box and its "获取验证码" button for a company registration: checks the mobile, opens the
 * slider, then sends `/pcuser/sendCode` with `scene=comRegister`; counts down before another.
 */
export function RegisterCodeField({ form, formName, onError }: { form: FormInstance; formName: string; onError: (e: unknown) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sliderOpen, setSliderOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const { left, label, started } = useResendCountdown();

  const onClick = async () => {
    onError(null);
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    setSliderOpen(true);
  };

  const onVerified = async (captchaVerification: string) => {
    setSliderOpen(false);
    const mobile = String(form.getFieldValue('mobile') ?? '');
    setSending(true);
    try {
      const answer = answered(await sendRegisterCode({ mobile, captchaVerification }));
      started(answer.interval);
      message.success(t('auth.code.sent', { mobile: maskMobile(mobile) }));
      document.getElementById(`${formName}_code`)?.focus();
    } catch (e) {
      if (!isRepeatRefusal(e)) onError(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={t('auth.fields.code')} htmlFor={`${formName}_code`} required className="code-item">
      <div className="code-row">
        <Form.Item name="code" noStyle normalize={normalizeCode} validateTrigger={['onChange', 'onBlur']} rules={codeRules(t)}>
          <Input prefix={<SafetyOutlined />} placeholder={t('auth.fields.codePlaceholder')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Button className="send-code-btn" onClick={onClick} disabled={left > 0} loading={sending} data-countdown={left}>
          {label}
        </Button>
        <SliderModal open={sliderOpen} onVerified={onVerified} onCancel={() => setSliderOpen(false)} />
      </div>
    </Form.Item>
  );
}
