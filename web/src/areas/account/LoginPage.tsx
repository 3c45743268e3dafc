import { ErrorCode, loginRules, Role } from '@pavilion/contract/light';
import type { CaptchaImage } from '@pavilion/contract';
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { getConfig } from '../../api/config.ts';
import { ApiError } from '../../api/errors.ts';
import { loginApi } from '../../api/login.ts';
import { errorMessage, fieldErrorText } from '../../components/errorText.ts';
import { setFlash } from '../../components/flash.ts';
import { CountdownButton } from '../../components/light/CountdownButton.tsx';
import { CODE_WAIT_SECONDS } from '../../components/light/useCountdown.ts';
import { langOfPath, type Lang, type MessageKey } from '../../i18n/index.ts';
import { homeOf, mirrorPath, RETURN_PARAM, returnTarget } from '../../session/guard.ts';
import { completeAdminLogin, completeExhibitorLogin, completeHostLogin } from '../../session/signIn.ts';
import './login.css';

export type LoginKind = 'admin' | 'host' | 'exhibitor';

const roleOf = { admin: Role.Admin, host: Role.Host, exhibitor: Role.Exhibitor } as const;

type Tab = 'password' | 'phone';
type Values = Record<'userName' | 'password' | 'captchaCode' | 'phoneNumber' | 'code', string>;
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;
const empty: Values = { userName: '', password: '', captchaCode: '', phoneNumber: '', code: '' };

/** The phone tab's number rules (libphonenumber's metadata): their own chunk, loaded when the tab opens. */
const phoneNumbers = () => import('../../components/PhoneInput.numbers.ts');

/** The fields of a tab, checked before calling the server: what the contract's login bodies require. */
async function check(tab: Tab, v: Values, captcha: boolean): Promise<Partial<Record<Field, MessageKey>>> {
  if (tab === 'password') {
    return {
      ...(!v.userName.trim() && { userName: 'validation.userNameRequired' }),
      ...(!v.password.trim() && { password: 'validation.passwordRequired' }),
      ...(captcha && !v.captchaCode.trim() && { captchaCode: 'validation.captchaRequired' }),
    };
  }
  const { isValidPhone, typedPhoneValue } = await phoneNumbers();
  const phone = typedPhoneValue(v.phoneNumber);
  const code = v.code.trim();
  return {
    ...(!phone ? { phoneNumber: 'validation.phoneRequired' } : !isValidPhone(phone) && { phoneNumber: 'validation.phoneInvalid' }),
    ...(!code ? { code: 'validation.codeRequired' } : !loginRules.smsCode.test(code) && { code: 'validation.codeInvalid' }),
  } as Partial<Record<Field, MessageKey>>;
}

/**
 * One login screen for the three areas; the exhibitor's adds the phone and SMS code tab. Native controls and its own
 * CSS: a login page loads no antd (docs/performance.md "The web"). Part 1 §8: a failure with code 4002 says "login
 * identity is wrong"; any other, the server's description.
 */
export function LoginPage({ kind }: { kind: LoginKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const ids = useId();
  const [tab, setTab] = useState<Tab>('password');
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ text: string; ok?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // Shown once the server asks for it (code 4037, repeated wrong passwords); single use, so renewed after each try.
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const lang = langOfPath(location.pathname);

  // `/login/ex?id=` names the exhibition; `/login/alogin` falls back to the configured (demo) one.
  const exhibitionId = kind === 'exhibitor' ? search.get('id') || getConfig().exhibitionId : null;
  const blocked = kind === 'exhibitor' && !exhibitionId;
  const mirror = kind === 'exhibitor' ? mirrorPath(location.pathname, lang === 'en' ? 'zh-CN' : 'en') : null;

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** Field errors from the server land on the fields shown; anything else is the form's message. */
  const showFailure = (error: unknown, shown: readonly Field[]) => {
    if (!(error instanceof ApiError)) console.error(error);
    else if (error.handled) return;
    else if (!error.network) {
      if (error.code === ErrorCode.WrongLoginIdentity && error.description) return setNotice({ text: t('login.wrongIdentity') });
      const onFields = error.errors.filter((e): e is typeof e & { field: Field } => (shown as readonly string[]).includes(e.field));
      if (onFields.length > 0) return setErrors(Object.fromEntries(onFields.map((e) => [e.field, fieldErrorText(e, error.description)])));
    }
    setNotice({ text: errorMessage(error) });
  };

  const loadCaptcha = async () => {
    setValues((v) => ({ ...v, captchaCode: '' }));
    try {
      setCaptcha(await loginApi.captcha());
    } catch (error) {
      showFailure(error, []);
    }
  };

  const signIn = async () => {
    if (tab === 'phone') {
      const { typedPhoneValue } = await phoneNumbers();
      const body = { phoneNumber: typedPhoneValue(values.phoneNumber), code: values.code.trim(), exhibitionId: exhibitionId! };
      return completeExhibitorLogin(await loginApi.loginExhibitorByPhone(body));
    }
    const base = { userName: values.userName.trim(), password: values.password };
    const body = captcha && values.captchaCode.trim() ? { ...base, captchaKey: captcha.key, captchaCode: values.captchaCode.trim() } : base;
    if (kind === 'admin') return completeAdminLogin(await loginApi.loginAdmin(body));
    if (kind === 'host') return completeHostLogin(await loginApi.loginHost(body));
    return completeExhibitorLogin(await loginApi.loginExhibitor({ ...body, exhibitionId: exhibitionId! }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || blocked) return;
    const found = Object.entries(await check(tab, values, captcha !== null));
    setErrors(Object.fromEntries(found.map(([field, key]) => [field, t(key)])));
    setNotice(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      await signIn();
      setFlash(t('login.success'));
      navigate(returnTarget(search.get(RETURN_PARAM), roleOf[kind]) ?? homeOf(roleOf[kind], location.pathname), { replace: true });
    } catch (error) {
      showFailure(error, tab === 'phone' ? ['phoneNumber', 'code'] : ['userName', 'password', 'captchaCode']);
      if (tab === 'password' && (captcha || (error instanceof ApiError && error.code === ErrorCode.CaptchaRequired))) await loadCaptcha();
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    const problem = (await check('phone', values, false)).phoneNumber;
    if (problem) {
      setErrors((e) => ({ ...e, phoneNumber: t(problem) }));
      return false;
    }
    try {
      const { typedPhoneValue } = await phoneNumbers();
      const sent = (await loginApi.sendSmsCode(typedPhoneValue(values.phoneNumber), 'login')).result;
      setNotice(sent ? { text: t('code.sent'), ok: true } : { text: t('code.failed') });
      return sent;
    } catch (error) {
      showFailure(error, ['phoneNumber']);
      return false;
    }
  };

  const field = (name: Field, label: string, input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'> & { 'data-testid'?: string }, after?: ReactNode) => {
    const error = errors[name];
    const errorId = `${ids}-${name}-error`;
    return (
      <div className={`login-field${error ? ' has-error' : ''}`}>
        <label htmlFor={name}>{label}</label>
        <div className="login-input-row">
          <input
            id={name}
            name={name}
            value={values[name]}
            onChange={(e) => set(name)(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={blocked}
            {...input}
          />
          {after}
        </div>
        {error && (
          <p className="login-field-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const passwordFields = (
    <>
      {field('userName', t('login.userName'), { autoComplete: 'username', maxLength: loginRules.userNameMax })}
      {field('password', t('login.password'), { type: 'password', autoComplete: 'current-password', maxLength: loginRules.passwordMax })}
      {captcha &&
        field(
          'captchaCode',
          t('login.captcha'),
          { autoComplete: 'off', maxLength: loginRules.captchaCodeMax, 'data-testid': 'login-captcha' },
          <button type="button" className="login-captcha-image" onClick={() => void loadCaptcha()} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')}>
            <img src={captcha.image} alt={t('login.captchaAlt')} />
          </button>,
        )}
    </>
  );

  const phoneFields = (
    <>
      {field('phoneNumber', t('login.phoneNumber'), { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {field(
        'code',
        t('login.code'),
        { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 8 },
        <CountdownButton className="light-button" send={sendCode} seconds={CODE_WAIT_SECONDS} disabled={blocked} label={t('code.send')} waiting={(seconds) => t('code.resend', { seconds })} testId="send-code" />,
      )}
    </>
  );

  const tabs: { key: Tab; label: string }[] = [
    { key: 'password', label: t('login.tabPassword') },
    { key: 'phone', label: t('login.tabPhone') },
  ];
  const choose = (next: Tab) => {
    if (next === 'phone') void phoneNumbers();
    setTab(next);
    setErrors({});
    setNotice(null);
  };

  return (
    <main className="login-page">
      <div className="login-panel">
        <div className="login-brand">
          <span className="app-brand-mark" aria-hidden>
            P
          </span>
          <div>
            <h1 className="login-brand-name">{lang === 'en' ? t('app.exhibitorTitle') : t('app.name')}</h1>
            <p className="login-welcome">{t('login.welcome')}</p>
          </div>
        </div>
        <section className="login-sheet" aria-labelledby={`${ids}-title`}>
          <div className="login-card-head">
            <h2 id={`${ids}-title`}>{t(`login.title.${kind}`)}</h2>
            {mirror && (
              <div className="login-lang" role="group" aria-label={t('login.language')}>
                {(['zh-CN', 'en'] as Lang[]).map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={option === lang}
                    onClick={() => option !== lang && navigate(`${mirror}${location.search}`, { replace: true })}
                  >
                    {t(`lang.${option}`)}
                  </button>
                ))}
              </div>
            )}
          </div>
          {blocked && (
            <p className="login-alert" role="alert">
              {t('login.noExhibition')}
            </p>
          )}
          {kind === 'exhibitor' && (
            <div className="login-tabs" role="tablist">
              {tabs.map(({ key, label }) => (
                <button key={key} type="button" role="tab" id={`${ids}-tab-${key}`} aria-selected={tab === key} aria-controls={`${ids}-panel`} onClick={() => choose(key)}>
                  {label}
                </button>
              ))}
            </div>
          )}
          <form
            id={`${ids}-panel`}
            role={kind === 'exhibitor' ? 'tabpanel' : undefined}
            aria-labelledby={kind === 'exhibitor' ? `${ids}-tab-${tab}` : undefined}
            onSubmit={(e) => void submit(e)}
            noValidate
          >
            {tab === 'phone' ? phoneFields : passwordFields}
            <p className={`login-notice${notice?.ok ? ' ok' : ''}`} role={notice?.ok ? 'status' : 'alert'}>
              {notice?.text}
            </p>
            <button type="submit" className="light-button primary block large" disabled={blocked} aria-busy={busy} data-testid="login-submit">
              {t('login.submit')}
            </button>
          </form>
        </section>
      </div>
    </main>
  );
}
