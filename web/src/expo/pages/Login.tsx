import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { expoApi, ExpoError, visitorToken } from '../api.ts';
import { useSite } from '../hooks.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/** Sign-in: phone and SMS code on the Chinese site, e-mail and password on the English one. */
export default function Login() {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const navigate = useNavigate();
  const next = (useLocation().state as { next?: string } | null)?.next ?? `${prefix}/ticket`;
  const sms = lang !== 'en';
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const labels = sms ? [t('login.phone'), t('login.code')] : [t('login.email'), t('login.password')];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const missing = !first.trim() ? labels[0] : !second ? labels[1] : null;
    if (missing) return setError(t('login.required', { field: missing }));
    setBusy(true);
    setError('');
    try {
      const session = sms ? await expoApi.loginSms(exhibitionId, { phoneNumber: first.trim(), code: second.trim() }) : await expoApi.loginEmail(exhibitionId, { email: first.trim(), password: second });
      visitorToken.set(exhibitionId, session);
      navigate(next, { replace: true });
    } catch (err) {
      setError(err instanceof ExpoError && err.message ? err.message : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel" onSubmit={(e) => void submit(e)} noValidate>
      <h1>{t('login.title')}</h1>
      <label className="field">
        <span className="label">{labels[0]}</span>
        <input
          name={sms ? 'phoneNumber' : 'email'}
          type={sms ? 'tel' : 'email'}
          inputMode={sms ? 'numeric' : 'email'}
          autoComplete={sms ? 'tel' : 'email'}
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          required
        />
      </label>
      <label className="field">
        <span className="label">{labels[1]}</span>
        <span className="row">
          <input
            name={sms ? 'code' : 'password'}
            type={sms ? 'text' : 'password'}
            inputMode={sms ? 'numeric' : undefined}
            autoComplete={sms ? 'one-time-code' : 'current-password'}
            value={second}
            onChange={(e) => setSecond(e.target.value)}
            required
          />
          {sms ? <SmsCodeButton phone={first.trim()} purpose="login" onError={setError} /> : null}
        </span>
      </label>
      <p className="error" role="alert">
        {error}
      </p>
      <button type="submit" className="button primary block" disabled={busy}>
        {t('login.submit')}
      </button>
      <p>
        <Link to={`${prefix}/register`}>{t('login.register')}</Link>
      </p>
    </form>
  );
}
