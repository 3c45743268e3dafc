import { useQueryClient } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hostAdminApi, hostKeys } from '../../api/host.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';
import { createHostAccountBody, hostAccountFields } from './hostResource.tsx';

/** /admin/adminHostAdd: a host and its first (owner) login in one step. */
export default function AdminHostAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card variant="borderless" className="form-card">
      <Typography.Paragraph type="secondary">{t('host.addIntro')}</Typography.Paragraph>
      <ResourceForm
        name="host-add"
        fields={hostAccountFields}
        schema={createHostAccountBody}
        onCancel={() => navigate('/admin/adminHost')}
        onSubmit={async (payload) => {
          const created = await hostAdminApi.createAccount(payload);
          await queryClient.invalidateQueries({ queryKey: hostKeys.all });
          feedback.message().success(t('host.created', { userName: created.userName }), MESSAGE_SECONDS);
          navigate(`/admin/adminHostEdit?id=${created.host.id}`);
        }}
      />
    </Card>
  );
}
