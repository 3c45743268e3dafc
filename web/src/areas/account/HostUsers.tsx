import { createHostUserBody, updateHostUserBody, type HostUser } from '@pavilion/contract';
import { DEFAULT_PAGE_SIZE } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useExhibitions } from '../../api/exhibition.ts';
import { hostUserApi, hostUserKeys } from '../../api/hostUser.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { showError } from '../../components/feedback.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource, type ResourceField } from '../../components/ResourceTable.tsx';
import { i18n } from '../../i18n/index.ts';

const fields: readonly FormField[] = [
  { name: 'userName', label: 'host.userName' },
  { name: 'password', label: 'host.password', type: 'password' },
  { name: 'name', label: 'hostUser.name' },
  { name: 'phoneNumber', label: 'host.phoneNumber', type: 'phone' },
  { name: 'email', label: 'host.email' },
  { name: 'allExhibitions', label: 'hostUser.allExhibitions', type: 'switch' },
];
const editFields: readonly FormField[] = [
  { name: 'name', label: 'hostUser.name' },
  { name: 'phoneNumber', label: 'host.phoneNumber', type: 'phone' },
  { name: 'email', label: 'host.email' },
  { name: 'password', label: 'hostUser.newPassword', type: 'password', required: false },
  { name: 'isDisabled', label: 'hostUser.isDisabled', type: 'switch' },
  { name: 'allExhibitions', label: 'hostUser.allExhibitions', type: 'switch' },
];

/** The exhibitions of one login: assigning adds (POST), removing deletes (DELETE /api/v3/hostinuser/exhibition). */
function ExhibitionsCell({ row, options }: { row: HostUser; options: { value: string; label: string }[] }) {
  const queryClient = useQueryClient();
  if (row.isOwner || row.allExhibitions) return <Tag color="blue">{i18n.t('hostUser.allExhibitionsShort')}</Tag>;
  const change = async (call: Promise<unknown>) => {
    try {
      await call;
      await queryClient.invalidateQueries({ queryKey: hostUserKeys.all });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Select
      mode="multiple"
      size="small"
      style={{ minWidth: 240 }}
      value={row.exhibitionIds}
      options={options}
      placeholder={i18n.t('hostUser.noExhibition')}
      onSelect={(id: string) => void change(hostUserApi.addExhibition(row.id, id))}
      onDeselect={(id: string) => void change(hostUserApi.removeExhibition(row.id, id))}
    />
  );
}

/** /host/index/account/user and /host/index/people/user: the host's logins; the owner manages them. */
export default function HostUsers() {
  const { t } = useTranslation();
  const exhibitions = useExhibitions({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const options = (exhibitions.data?.items ?? []).map((e) => ({ value: e.id, label: e.name }));
  const columns: ResourceField<HostUser>[] = [
    { key: 'userName', label: 'host.userName' },
    { key: 'keyword', label: 'hostUser.keyword', filter: { type: 'text' }, column: false },
    { key: 'name', label: 'hostUser.name' },
    { key: 'phoneNumber', label: 'host.phoneNumber' },
    { key: '$role', label: 'hostUser.role', render: (r) => (r.isOwner ? <Tag color="gold">{t('hostUser.owner')}</Tag> : <Tag>{t('hostUser.staff')}</Tag>) },
    { key: '$state', label: 'hostUser.state', render: (r) => (r.isDisabled ? <Tag color="error">{t('hostUser.disabled')}</Tag> : <Tag color="success">{t('hostUser.active')}</Tag>) },
    { key: '$exhibitions', label: 'hostUser.exhibitions', render: (r) => <ExhibitionsCell row={r} options={options} /> },
  ];
  const resource = defineResource<HostUser>({
    name: 'hostUser',
    rowKey: 'id',
    queryKey: (p) => hostUserKeys.list(p),
    fetch: ({ pageIndex, pageSize, filters }) => hostUserApi.query({ pageIndex, pageSize, keyword: filters.keyword }),
    fields: columns,
  });
  return (
    <CrudPage
      crud={{
        resource,
        invalidate: hostUserKeys.all,
        title: 'route.hostUsers',
        fields,
        editFields,
        createSchema: createHostUserBody,
        updateSchema: updateHostUserBody,
        create: (p) => hostUserApi.create(p),
        update: (row, p) => hostUserApi.update(row.id, p),
        remove: (row) => hostUserApi.remove(row.id),
      }}
    />
  );
}
