import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expoApi, ExpoError } from '../api.ts';

const WAIT_SECONDS = 60;

/** Sends an SMS code to `phone` and waits a minute before the next. */
export function SmsCodeButton({ phone, purpose, onError, onSent }: { phone: string; purpose: 'login' | 'register'; onError: (m: string) => void; onSent?: (m: string) => void }) {
  const { t } = useTranslation('expo');
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const send = async () => {
    try {
      await expoApi.sendSms(phone, purpose);
      setLeft(WAIT_SECONDS);
      onSent?.(t('register.codeSent'));
      onError('');
    } catch (err) {
      onError(err instanceof ExpoError && err.message ? err.message : t('register.codeFailed'));
    }
  };
  return (
    <button type="button" className="button" onClick={() => void send()} disabled={left > 0 || !phone}>
      {left > 0 ? t('register.resend', { seconds: left }) : t('register.sendCode')}
    </button>
  );
}
