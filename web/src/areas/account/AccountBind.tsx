import { Button, Card, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi, accountKeys } from '../../api/account.ts';

/** /host/index/account/bind: the login's bound phone and e-mail, with the way to change them. */
export default function AccountBind() {
  const { t } = useTranslation();
  const me = useQuery({ queryKey: accountKeys.me(), queryFn: accountApi.me });
  const user = me.data?.user;
  return (
    <Card variant="borderless" title={t('route.accountBind')} loading={me.isLoading}>
      <Descriptions column={1} bordered>
        <Descriptions.Item label={t('host.userName')}>{user?.userName}</Descriptions.Item>
        <Descriptions.Item label={t('host.phoneNumber')}>{user?.phoneNumber || t('accountBind.none')}</Descriptions.Item>
        <Descriptions.Item label={t('host.email')}>{user?.email || t('accountBind.none')}</Descriptions.Item>
      </Descriptions>
      <Link to="/host/index/account/bind-edit">
        <Button type="primary" style={{ marginTop: 16 }}>
          {t('accountBind.change')}
        </Button>
      </Link>
    </Card>
  );
}
