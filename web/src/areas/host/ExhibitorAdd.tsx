import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';
import { useSession } from '../../session/store.ts';
import { exhibitorFormSchema, toCreateBody, useExhibitorFields } from './exhibitorForm.tsx';

/** /live/index/admin/exhibitor-add: a new company and its exhibitor in the current exhibition, optionally a login. */
export default function ExhibitorAdd() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const fields = useExhibitorFields(session.hostId, session.exhibitionId, true);
  if (!session.exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;
  const exhibitionId = session.exhibitionId;
  return (
    <Card variant="borderless" className="form-card">
      <Typography.Paragraph type="secondary">
        {t('hostEx.list.current', { name: session.exhibitionInfo?.name ?? '' })} · {t('hostEx.form.accountHint')}
      </Typography.Paragraph>
      <ResourceForm
        name="exhibitor-add"
        fields={fields}
        schema={exhibitorFormSchema}
        onCancel={() => navigate('/live/index/admin/exhibitor')}
        onSubmit={async (payload) => {
          await hostExhibitorApi.create(toCreateBody(exhibitionId, payload));
          await queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all });
          feedback.message().success(t('hostEx.form.created'), MESSAGE_SECONDS);
          navigate('/live/index/admin/exhibitor');
        }}
      />
    </Card>
  );
}
