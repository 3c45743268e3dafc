import { updateSmsAccountBody } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemSettingsApi, systemSettingsKeys } from '../../api/systemSettings.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';

/** /admin/adminSms: the platform SMS account (key masked) and its margin. */
export default function AdminSms() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: systemSettingsKeys.sms, queryFn: systemSettingsApi.smsAccount });
  const margin = account.data?.balance;
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={8}>
        <Card variant="borderless">
          <Statistic title={t('sms.margin')} value={margin === null || margin === undefined ? t('sms.unmetered') : margin} />
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card variant="borderless" title={t('sms.account')}>
          {account.data ? (
            <ResourceForm
              name="sms-account"
              fields={[
                { name: 'provider', label: 'sms.provider' },
                { name: 'signName', label: 'sms.signName' },
                { name: 'accountId', label: 'sms.accountId' },
                { name: 'accountKey', label: 'sms.accountKey' },
                { name: 'balance', label: 'sms.balance', type: 'number' },
              ]}
              schema={updateSmsAccountBody}
              initialValues={account.data}
              onSubmit={async (payload) => {
                queryClient.setQueryData(systemSettingsKeys.sms, await systemSettingsApi.updateSmsAccount(payload));
                feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
              }}
            />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Col>
    </Row>
  );
}
