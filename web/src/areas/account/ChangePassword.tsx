import { LockOutlined } from '@ant-design/icons';
import { Alert, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { IconTitle } from '../../components/IconTitle.tsx';
import { homeOf } from '../../session/guard.ts';
import { useSession } from '../../session/store.ts';
import { PasswordForm } from './PasswordForm.tsx';

/** The change-password screen every area sends a person with an issued password to before anything else. */
export default function ChangePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { role } = useSession();
  return (
    <Space orientation="vertical" size="large" className="page" style={{ maxWidth: 560 }}>
      <Card variant="borderless" title={<IconTitle icon={<LockOutlined />}>{t('route.changePassword')}</IconTitle>} data-testid="change-password">
        <Alert type="warning" showIcon title={t('account.mustChangeIntro')} style={{ marginBottom: 24 }} />
        <PasswordForm
          onDone={() => {
            feedback.message().success(t('account.passwordChanged'), MESSAGE_SECONDS);
            navigate(homeOf(role, location.pathname), { replace: true });
          }}
        />
      </Card>
    </Space>
  );
}
