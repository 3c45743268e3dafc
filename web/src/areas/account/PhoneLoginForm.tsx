import { SafetyOutlined } from '@ant-design/icons';
import { exhibitorPhoneLoginBody } from '@pavilion/contract';
import { Form, Input, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeButton } from '../../components/CodeButton.tsx';
import { contractRules } from '../../components/forms.ts';
import { PhoneInput } from '../../components/PhoneInput.tsx';
import { phoneRules } from '../../components/PhoneInput.numbers.ts';

export interface PhoneValues {
  phoneNumber: string;
  code: string;
}

/**
 * The exhibitor login's phone and SMS code tab. Its own chunk: the phone input carries the
 * dialling codes and libphonenumber's metadata, which only this tab needs.
 */
export default function PhoneLoginForm({ form, onFinish, send, blocked, submit }: { form: FormInstance<PhoneValues>; onFinish: (values: PhoneValues) => void; send: () => Promise<boolean>; blocked: boolean; submit: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={blocked}>
      <Form.Item name="phoneNumber" label={t('login.phoneNumber')} rules={phoneRules()}>
        <PhoneInput id="phoneNumber" size="large" />
      </Form.Item>
      <Form.Item label={t('login.code')} required={false}>
        <Space.Compact block>
          <Form.Item
            name="code"
            noStyle
            rules={contractRules(exhibitorPhoneLoginBody.shape.code, { required: 'validation.codeRequired', invalid: 'validation.codeInvalid' })}
          >
            <Input id="code" size="large" prefix={<SafetyOutlined />} autoComplete="one-time-code" inputMode="numeric" aria-label={t('login.code')} />
          </Form.Item>
          <CodeButton send={send} disabled={blocked} size="large" />
        </Space.Compact>
      </Form.Item>
      {submit}
    </Form>
  );
}
