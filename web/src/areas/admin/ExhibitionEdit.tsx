import { createExhibitionBody, updateExhibitionBody } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { exhibitionAdminApi, exhibitionKeys, useExhibition } from '../../api/exhibition.ts';
import { hostAdminApi, hostKeys } from '../../api/host.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm, type FormField } from '../../components/ResourceForm.tsx';

const fields: readonly FormField[] = [
  { name: 'name', label: 'exhibition.name' },
  { name: 'nameEn', label: 'exhibition.nameEn' },
  { name: 'startAt', label: 'exhibition.startAt', type: 'datetime' },
  { name: 'endAt', label: 'exhibition.endAt', type: 'datetime' },
  { name: 'city', label: 'exhibition.city' },
  { name: 'address', label: 'exhibition.address' },
  { name: 'showIndex', label: 'exhibition.showIndex', type: 'number' },
  { name: 'description', label: 'exhibition.description', type: 'textarea' },
];

/** /admin/adminEx-edit?id, /admin/ex-edit?id (PATCH /api/v1/exhibition?id) and /admin/ex-add (POST /api/exhibition for a host). */
export default function ExhibitionEdit() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exhibition = useExhibition(id);
  const hosts = useQuery({ queryKey: hostKeys.options(), queryFn: () => hostAdminApi.query({ pageIndex: 1, pageSize: 100 }), enabled: !id });
  const back = async () => {
    await queryClient.invalidateQueries({ queryKey: exhibitionKeys.all });
    feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
    navigate(-1);
  };
  if (id && !exhibition.data) return <Skeleton active />;
  const hostField: FormField = { name: 'hostId', label: 'exhibition.host', type: 'select', required: true, options: [] };
  return (
    <Card variant="borderless" className="form-card">
      {id ? (
        <ResourceForm
          name="exhibition-edit"
          fields={fields}
          schema={updateExhibitionBody}
          initialValues={exhibition.data as unknown as Record<string, unknown>}
          onCancel={() => navigate(-1)}
          onSubmit={async (payload) => {
            await exhibitionAdminApi.update(id, payload);
            await back();
          }}
        />
      ) : hosts.data ? (
        <ResourceForm
          name="exhibition-add"
          fields={[{ ...hostField, dynamicOptions: hosts.data.items.map((h) => ({ value: h.id, text: h.name })) }, ...fields]}
          schema={createExhibitionBody}
          onCancel={() => navigate(-1)}
          onSubmit={async (payload) => {
            await exhibitionAdminApi.create(payload);
            await back();
          }}
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
