import { changePasswordBody } from '@pavilion/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account.ts';
import { contractRules, showFormError } from '../../components/forms.ts';
import { sessionStore } from '../../session/store.ts';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** Old password, new password twice: `PUT /api/v1/account/password/old`. A changed password is no longer an issued one. */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: ({ oldPassword, password }: PasswordValues) => accountApi.changePassword({ oldPassword, password }),
    meta: { ownErrors: true },
    onSuccess: () => {
      form.resetFields();
      const user = sessionStore.get().user;
      if (user?.mustChangePassword) sessionStore.set({ user: { ...user, mustChangePassword: false } });
      onDone();
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <Form form={form} name="change-password" layout="vertical" onFinish={(v) => change.mutate(v)}>
      <Form.Item name="oldPassword" label={t('account.oldPassword')} rules={contractRules(changePasswordBody.shape.oldPassword, { required: 'validation.passwordRequired' })}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('account.newPassword')}
        dependencies={['oldPassword']}
        rules={[
          ...contractRules(changePasswordBody.shape.password, { required: 'validation.passwordRequired', invalid: 'validation.passwordTooShort' }),
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (value && value === getFieldValue('oldPassword')) throw new Error(t('validation.passwordUnchanged'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('validation.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('validation.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}
