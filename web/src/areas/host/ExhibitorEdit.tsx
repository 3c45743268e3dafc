import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';
import { useSession } from '../../session/store.ts';
import { exhibitorFormSchema, formValuesOf, toUpdateBody, useExhibitorFields } from './exhibitorForm.tsx';

/** /live/index/admin/exhibitor-edit?id: company and booth fields and categories of one exhibitor. */
export default function ExhibitorEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const id = useSearchParams()[0].get('id');
  const details = useQuery({ queryKey: hostExhibitorKeys.detail(id ?? ''), queryFn: () => hostExhibitorApi.details(id!), enabled: Boolean(id) });
  const fields = useExhibitorFields(session.hostId, details.data?.exhibitionId ?? session.exhibitionId, false);
  const initialValues = useMemo(() => (details.data ? formValuesOf(details.data) : undefined), [details.data]);
  if (!id) return <Alert type="warning" title={t('common.missingId')} />;
  return (
    <Card variant="borderless" className="form-card">
      {!initialValues ? (
        <Skeleton active />
      ) : (
        <ResourceForm
          name="exhibitor-edit"
          fields={fields}
          schema={exhibitorFormSchema}
          initialValues={initialValues}
          onCancel={() => navigate('/live/index/admin/exhibitor')}
          onSubmit={async (payload) => {
            await hostExhibitorApi.update(id, toUpdateBody(payload));
            await queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all });
            feedback.message().success(t('hostEx.form.saved'), MESSAGE_SECONDS);
            navigate('/live/index/admin/exhibitor');
          }}
        />
      )}
    </Card>
  );
}
