import { HostNotices } from './HostNotices.tsx';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { updateUserNameBody } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi, accountKeys, useMe } from '../../api/account.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { contractRules, showFormError } from '../../components/forms.ts';
import { sessionStore, useSession } from '../../session/store.ts';
import { roleLabel } from './roleLabel.ts';
import { IconTitle } from '../../components/IconTitle.tsx';
import { PasswordForm } from './PasswordForm.tsx';

/** /host/index/host/home: the account, change password, change user name. */
export default function AccountHome() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const me = useMe();
  const [nameForm] = Form.useForm<{ userName: string }>();

  const changeName = useMutation({
    mutationFn: (values: { userName: string }) => accountApi.updateUserName(values),
    meta: { ownErrors: true },
    onSuccess: (user) => {
      sessionStore.set({ user });
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
      nameForm.resetFields();
      feedback.message().success(t('account.userNameChanged'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(nameForm, error),
  });

  const user = me.data?.user;
  const notBound = t('account.notBound');

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card
        variant="borderless"
        title={<IconTitle icon={<UserOutlined />}>{t('account.info')}</IconTitle>}
        extra={<Link to="/host/index/account/bind-edit">{t('account.manageContacts')}</Link>}
      >
        {!user ? (
          <Skeleton active />
        ) : (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'userName', label: t('account.userName'), children: <span data-testid="account-user-name">{user.userName}</span> },
              { key: 'name', label: t('account.name'), children: user.name || t('common.empty') },
              { key: 'role', label: t('account.role'), children: t(roleLabel(me.data?.role)) },
              { key: 'host', label: t('account.host'), children: session.host?.name || t('common.empty') },
              { key: 'phone', label: t('account.phoneNumber'), children: user.phoneNumber || notBound },
              { key: 'email', label: t('account.email'), children: user.email || notBound },
            ]}
          />
        )}
      </Card>

      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <Card
            variant="borderless"
            title={<IconTitle icon={<LockOutlined />}>{t('account.changePassword')}</IconTitle>}
          >
            <PasswordForm onDone={() => feedback.message().success(t('account.passwordChanged'), MESSAGE_SECONDS)} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            variant="borderless"
            title={<IconTitle icon={<UserOutlined />}>{t('account.changeUserName')}</IconTitle>}
          >
            <Form form={nameForm} name="change-user-name" layout="vertical" onFinish={(v) => changeName.mutate(v)}>
              <Form.Item
                name="userName"
                label={t('account.newUserName')}
                extra={t('validation.userNameInvalid')}
                rules={contractRules(updateUserNameBody.shape.userName, { required: 'validation.userNameRequired', invalid: 'validation.userNameInvalid' })}
              >
                <Input autoComplete="username" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={changeName.isPending}>
                {t('common.save')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <HostNotices />
    </Space>
  );
}
