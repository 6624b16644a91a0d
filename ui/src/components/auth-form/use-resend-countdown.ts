import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intervalSeconds, startCountdown } from './countdown';

/**
 * The state of a "获取验证码" button: seconds left before another code may be asked for (from the
 * server's `interval`), and the button's label (send, the countdown, resend). One for the SMS code
 * buttons and the email code's.
 */
export function useResendCountdown(): { left: number; label: string; started: (interval: unknown) => void } {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  const started = (interval: unknown) => {
    setSentOnce(true);
    stop.current?.();
    stop.current = startCountdown(intervalSeconds(interval), setLeft);
  };
  const label = left > 0 ? t('auth.code.countdown', { s: left }) : sentOnce ? t('auth.code.resend') : t('auth.code.send');
  return { left, label, started };
}
