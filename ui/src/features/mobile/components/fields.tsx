import { lazy, Suspense, useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCode, type CodeScene } from '@/components/auth-form/api/send-code';
import { isMainlandMobile, keepDigits } from '@/lib/core';
import { errorText } from '../error-text';
import { Sheet } from './sheet';
import { Loading } from './states';
import { mToast } from './toast';

// The slider (and the antd tooltip it uses) comes only when a code is asked for.
const SliderCaptcha = lazy(() => import('@/components/slider-captcha/slider-captcha').then((m) => ({ default: m.SliderCaptcha })));

/** A labelled field with its problem under it; the label is tied to the input. */
export function Field({ label, error, required, children, id }: { label: ReactNode; error?: string; required?: boolean; children: ReactNode; id: string }) {
  return (
    <div className={error ? 'm-field has-error' : 'm-field'}>
      <label className="m-field-label" htmlFor={id}>
        {required && <span className="req">*</span>}
        {label}
      </label>
      {children}
      {error && (
        <span className="m-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & { value: string; onChange: (v: string) => void; label: string; error?: string };

export function TextField({ value, onChange, label, error, required, ...rest }: InputProps) {
  const id = useId();
  return (
    <Field label={label} error={error} required={required} id={id}>
      <input
        id={id}
        className="m-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
    </Field>
  );
}

/** A mainland mobile number: the phone keypad (type=tel), digits only, 11 at most. */
export function MobileField({ value, onChange, error, name = 'mobile' }: { value: string; onChange: (v: string) => void; error?: string; name?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('m.auth.mobile')}
      name={name}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={11}
      placeholder={t('m.auth.mobilePlaceholder')}
      value={value}
      onChange={(v) => onChange(keepDigits(v).slice(0, 11))}
      error={error}
    />
  );
}

export function PasswordField({ value, onChange, error, label, name, autoComplete = 'current-password' }: { value: string; onChange: (v: string) => void; error?: string; label: string; name: string; autoComplete?: string }) {
  return <TextField label={label} name={name} type="password" autoComplete={autoComplete} value={value} onChange={onChange} error={error} maxLength={64} />;
}

/** The SMS code: the number keypad, and a button that asks for the slider first, then sends the code. */
export function CodeField({ mobile, scene, value, onChange, error }: { mobile: string; scene: CodeScene; value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [slider, setSlider] = useState(false);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const ask = () => {
    if (!isMainlandMobile(mobile)) return mToast.error(t('m.auth.mobileWrong'));
    setSlider(true);
  };
  const verified = async (captchaVerification: string) => {
    setSlider(false);
    try {
      const { interval } = await sendCode({ mobile, captchaVerification, scene });
      setWait(interval > 0 ? interval : 60);
      mToast.info(t('m.auth.codeSent'));
    } catch (e) {
      mToast.error(errorText(t, e));
    }
  };
  return (
    <Field label={t('m.auth.code')} error={error} id={id}>
      <div className="m-input-row">
        <input
          id={id}
          name="code"
          className="m-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('m.auth.codePlaceholder')}
          value={value}
          onChange={(e) => onChange(keepDigits(e.target.value).slice(0, 6))}
          aria-invalid={!!error}
        />
        <button type="button" className="m-btn" disabled={wait > 0} onClick={ask}>
          {wait > 0 ? t('m.auth.resend', { s: wait }) : t('m.auth.sendCode')}
        </button>
      </div>
      <Sheet open={slider} title={t('m.auth.slider')} onClose={() => setSlider(false)}>
        <div className="m-slider-host">
          <Suspense fallback={<Loading />}>{slider && <SliderCaptcha onVerified={(v) => void verified(v)} />}</Suspense>
        </div>
      </Sheet>
    </Field>
  );
}
