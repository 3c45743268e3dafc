import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode, loginBody, Role, type CaptchaImage } from '@pavilion/contract';
import { Alert, Button, Card, Form, Input, Segmented, Space, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { accountApi } from '../../api/account.ts';
import { getConfig } from '../../api/config.ts';
import { ApiError } from '../../api/errors.ts';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { contractRules, showFormError } from '../../components/forms.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { langOfPath, type Lang } from '../../i18n/index.ts';
import { homeOf, mirrorPath, RETURN_PARAM, returnTarget } from '../../session/guard.ts';
import { completeAdminLogin, completeExhibitorLogin, completeHostLogin } from '../../session/signIn.ts';
import type { PhoneValues } from './PhoneLoginForm.tsx';

const PhoneLoginForm = lazy(() => import('./PhoneLoginForm.tsx'));

export type LoginKind = 'admin' | 'host' | 'exhibitor';

const roleOf = { admin: Role.Admin, host: Role.Host, exhibitor: Role.Exhibitor } as const;

interface PasswordValues {
  userName: string;
  password: string;
  captchaCode?: string;
}

/**
 * Part 1 §8: a login failure with code 4002 shows "login identity is wrong" for 2 s; any other,
 * the server's description for 2 s.
 */
function showLoginError(form: Parameters<typeof showFormError>[0], error: unknown, wrongIdentity: string) {
  if (error instanceof ApiError && !error.handled && error.code === ErrorCode.WrongLoginIdentity && error.description) {
    feedback.message().error(wrongIdentity, MESSAGE_SECONDS);
    return;
  }
  showFormError(form, error);
}

/** One login screen for the three areas; the exhibitor's adds the phone and SMS code tab. */
export function LoginPage({ kind }: { kind: LoginKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [phoneForm] = Form.useForm<PhoneValues>();
  const [busy, setBusy] = useState(false);
  // Shown once the server asks for it (code 4037, repeated wrong passwords); single use, so renewed after each try.
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const lang = langOfPath(location.pathname);

  // `/login/ex?id=` names the exhibition; `/login/alogin` falls back to the configured (demo) one.
  const exhibitionId = kind === 'exhibitor' ? search.get('id') || getConfig().exhibitionId : null;
  const blocked = kind === 'exhibitor' && !exhibitionId;

  const finish = async (work: () => Promise<void>, form: Parameters<typeof showFormError>[0], onError?: (error: unknown) => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      feedback.message().success(t('login.success'), MESSAGE_SECONDS);
      navigate(returnTarget(search.get(RETURN_PARAM), roleOf[kind]) ?? homeOf(roleOf[kind], location.pathname), { replace: true });
    } catch (error) {
      showLoginError(form, error, t('login.wrongIdentity'));
      await onError?.(error);
    } finally {
      setBusy(false);
    }
  };

  const loadCaptcha = async () => {
    passwordForm.setFieldValue('captchaCode', '');
    try {
      setCaptcha(await accountApi.captcha());
    } catch (error) {
      showError(error);
    }
  };

  const submitPassword = ({ captchaCode, ...values }: PasswordValues) => {
    const body = { ...values, ...(captcha && captchaCode ? { captchaKey: captcha.key, captchaCode } : {}) };
    return finish(
      async () => {
        if (kind === 'admin') completeAdminLogin(await accountApi.loginAdmin(body));
        else if (kind === 'host') await completeHostLogin(await accountApi.loginHost(body));
        else await completeExhibitorLogin(await accountApi.loginExhibitor({ ...body, exhibitionId: exhibitionId! }));
      },
      passwordForm,
      async (error) => {
        if (captcha || (error instanceof ApiError && error.code === ErrorCode.CaptchaRequired)) await loadCaptcha();
      },
    );
  };

  const submitPhone = (values: PhoneValues) =>
    finish(async () => {
      await completeExhibitorLogin(await accountApi.loginExhibitorByPhone({ ...values, exhibitionId: exhibitionId! }));
    }, phoneForm);

  const sendCode = async () => {
    const { phoneNumber } = await phoneForm.validateFields(['phoneNumber']);
    return (await accountApi.sendSmsCode(phoneNumber, 'login')).result;
  };

  const submit = (
    <Form.Item className="login-submit">
      <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={blocked} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form.Item>
  );

  const passwordLogin = (
    <Form form={passwordForm} layout="vertical" requiredMark={false} onFinish={submitPassword} disabled={blocked}>
      <Form.Item name="userName" label={t('login.userName')} rules={contractRules(loginBody.shape.userName, { required: 'validation.userNameRequired' })}>
        <Input id="userName" size="large" prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={contractRules(loginBody.shape.password, { required: 'validation.passwordRequired' })}>
        <Input.Password id="password" size="large" prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      {captcha && (
        <Form.Item label={t('login.captcha')} required={false}>
          <Space.Compact block>
            <Form.Item name="captchaCode" noStyle rules={[{ required: true, whitespace: true, message: t('validation.captchaRequired') }]}>
              <Input id="captchaCode" size="large" prefix={<SafetyOutlined />} autoComplete="off" aria-label={t('login.captcha')} data-testid="login-captcha" />
            </Form.Item>
            <Button size="large" className="login-captcha-image" onClick={() => void loadCaptcha()} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')}>
              <img src={captcha.image} alt={t('login.captchaAlt')} />
            </Button>
          </Space.Compact>
        </Form.Item>
      )}
      {submit}
    </Form>
  );

  const phoneLogin = (
    <Suspense fallback={<PageSpinner />}>
      <PhoneLoginForm form={phoneForm} onFinish={submitPhone} send={sendCode} blocked={blocked} submit={submit} />
    </Suspense>
  );

  const mirror = kind === 'exhibitor' ? mirrorPath(location.pathname, lang === 'en' ? 'zh-CN' : 'en') : null;

  return (
    <main className="login-page">
      <div className="login-panel">
        <div className="login-brand">
          <span className="app-brand-mark" aria-hidden>
            P
          </span>
          <div>
            <Typography.Title level={1} className="login-brand-name">
              {lang === 'en' ? t('app.exhibitorTitle') : t('app.name')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('login.welcome')}</Typography.Text>
          </div>
        </div>
        <Card className="login-card" variant="borderless">
          <div className="login-card-head">
            <Typography.Title level={4}>{t(`login.title.${kind}`)}</Typography.Title>
            {mirror && (
              <Segmented<Lang>
                size="small"
                value={lang}
                options={[
                  { value: 'zh-CN', label: t('lang.zh-CN') },
                  { value: 'en', label: t('lang.en') },
                ]}
                onChange={() => navigate(`${mirror}${location.search}`, { replace: true })}
              />
            )}
          </div>
          {blocked && <Alert type="warning" showIcon title={t('login.noExhibition')} className="login-alert" />}
          {kind === 'exhibitor' ? (
            <Tabs
              destroyOnHidden
              items={[
                { key: 'password', label: t('login.tabPassword'), children: passwordLogin },
                { key: 'phone', label: t('login.tabPhone'), children: phoneLogin },
              ]}
            />
          ) : (
            passwordLogin
          )}
        </Card>
      </div>
    </main>
  );
}
