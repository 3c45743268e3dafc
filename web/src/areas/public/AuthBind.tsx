import { MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { emailCodeBody, phoneCodeBody } from '@pavilion/contract';
import { Button, Card, Form, Input, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { accountApi, type ContactKind } from '../../api/account.ts';
import { CodeButton } from '../../components/CodeButton.tsx';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { contractRules } from '../../components/forms.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { phoneRules } from '../../components/PhoneInput.numbers.ts';
import { homeOf } from '../../session/guard.ts';
import { completeTokenLogin } from '../../session/signIn.ts';
import { bindErrorMessage } from './bindError.ts';

interface Values {
  value: string;
  code: string;
}

const fields = {
  phone: { schema: phoneCodeBody.shape.phoneNumber, id: 'phoneNumber', label: 'login.phoneNumber', required: 'validation.phoneRequired', invalid: 'validation.phoneInvalid', icon: <MobileOutlined /> },
  email: { schema: emailCodeBody.shape.email, id: 'email', label: 'authBind.email', required: 'validation.emailRequired', invalid: 'validation.emailInvalid', icon: <MailOutlined /> },
} as const;

function BindForm({ kind }: { kind: ContactKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const f = fields[kind];

  const send = async () => {
    const { value } = await form.validateFields(['value']);
    return (await accountApi.bindTokenSendCode(kind, value)).result;
  };

  const submit = async ({ value, code }: Values) => {
    setBusy(true);
    try {
      const token = await accountApi.bindToken(kind, value, code);
      const role = await completeTokenLogin(token);
      navigate(homeOf(role, location.pathname), { replace: true });
    } catch (error) {
      feedback.message().error(t(bindErrorMessage(error, kind)), MESSAGE_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
      {kind === 'phone' ? (
        <Form.Item name="value" label={t(f.label)} rules={phoneRules()}>
          <PhoneInput id={f.id} size="large" />
        </Form.Item>
      ) : (
        <Form.Item name="value" label={t(f.label)} rules={contractRules(f.schema, { required: f.required, invalid: f.invalid })}>
          <Input id={f.id} size="large" prefix={f.icon} />
        </Form.Item>
      )}
      <Form.Item label={t('login.code')}>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={contractRules(phoneCodeBody.shape.code, { required: 'validation.codeRequired', invalid: 'validation.codeInvalid' })}>
            <Input id="code" size="large" prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" aria-label={t('login.code')} />
          </Form.Item>
          <CodeButton send={send} size="large" />
        </Space.Compact>
      </Form.Item>
      <Form.Item className="login-submit">
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
          {t('authBind.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** /auth-bind (public): sign in to an existing account with a code sent to its phone or e-mail. */
export default function AuthBind() {
  const { t } = useTranslation();
  return (
    <div className="login-page">
      <div className="login-panel">
        <div className="login-brand">
          <span className="app-brand-mark">P</span>
          <div>
            <Typography.Title level={3} className="login-brand-name">
              {t('app.name')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('authBind.subtitle')}</Typography.Text>
          </div>
        </div>
        <Card className="login-card" variant="borderless">
          <Typography.Title level={4}>{t('authBind.title')}</Typography.Title>
          <Tabs
            destroyOnHidden
            items={[
              { key: 'phone', label: t('authBind.tabPhone'), children: <BindForm kind="phone" /> },
              { key: 'email', label: t('authBind.tabEmail'), children: <BindForm kind="email" /> },
            ]}
          />
        </Card>
      </div>
    </div>
  );
}
