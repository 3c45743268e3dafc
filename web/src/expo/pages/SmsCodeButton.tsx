import { useTranslation } from 'react-i18next';
import { CountdownButton } from '../../components/light/CountdownButton.tsx';
import { CODE_WAIT_SECONDS } from '../../components/light/useCountdown.ts';
import { expoApi, ExpoError } from '../api.ts';

/** Sends an SMS code to `phone` and waits a minute before the next. */
export function SmsCodeButton({ phone, purpose, onError, onSent }: { phone: string; purpose: 'login' | 'register'; onError: (m: string) => void; onSent?: (m: string) => void }) {
  const { t } = useTranslation('expo');
  const send = async () => {
    try {
      await expoApi.sendSms(phone, purpose);
      onSent?.(t('register.codeSent'));
      onError('');
      return true;
    } catch (err) {
      onError(err instanceof ExpoError && err.message ? err.message : t('register.codeFailed'));
      return false;
    }
  };
  return <CountdownButton send={send} seconds={CODE_WAIT_SECONDS} disabled={!phone} label={t('register.sendCode')} waiting={(seconds) => t('register.resend', { seconds })} />;
}
