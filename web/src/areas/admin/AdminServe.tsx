import { updateSystemSettingsBody } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemSettingsApi, systemSettingsKeys } from '../../api/systemSettings.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';

/** /admin/adminServe: customer service = the support phone and e-mail of the system settings (shown to hosts who must upgrade). */
export default function AdminServe() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: systemSettingsKeys.system, queryFn: systemSettingsApi.get });
  return (
    <Card variant="borderless" className="form-card" title={t('settings.serve')}>
      <Typography.Paragraph type="secondary">{t('settings.serveIntro')}</Typography.Paragraph>
      {settings.data ? (
        <ResourceForm
          name="support"
          fields={[
            { name: 'supportPhone', label: 'settings.supportPhone' },
            { name: 'supportEmail', label: 'settings.supportEmail' },
          ]}
          schema={updateSystemSettingsBody}
          initialValues={settings.data}
          onSubmit={async (payload) => {
            queryClient.setQueryData(systemSettingsKeys.system, await systemSettingsApi.update(payload));
            feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
          }}
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
