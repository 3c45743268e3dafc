import { DeleteOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { createAdminUserBody, ErrorCode, updateAdminUserBody, type AdminUser } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminUserApi, adminUserKeys } from '../../api/adminUsers.ts';
import { ApiError } from '../../api/errors.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource, type ResourceField } from '../../components/ResourceTable.tsx';
import { i18n } from '../../i18n/index.ts';

const fields: readonly FormField[] = [
  { name: 'userName', label: 'adminUsers.userName' },
  { name: 'password', label: 'adminUsers.password', type: 'password' },
  { name: 'name', label: 'adminUsers.name' },
  { name: 'phoneNumber', label: 'adminUsers.phoneNumber', type: 'phone' },
];
const editFields: readonly FormField[] = [
  { name: 'name', label: 'adminUsers.name' },
  { name: 'phoneNumber', label: 'adminUsers.phoneNumber', type: 'phone' },
];

/** The platform's refusals (last active administrator, yourself) as a dialog naming the rule; anything else as usual. */
export function showRefusal(error: unknown) {
  if (error instanceof ApiError && (error.code === ErrorCode.LastAdministrator || error.code === ErrorCode.AdministratorSelf)) {
    feedback.modal().warning({ title: i18n.t('adminUsers.refusedTitle'), content: error.description });
    return;
  }
  showError(error);
}

/** Enable/disable and delete with their own confirmations, so a refusal is shown as the rule it is. */
function RowActions({ row }: { row: AdminUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      await queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
      feedback.message().success(done, MESSAGE_SECONDS);
    } catch (error) {
      showRefusal(error);
    }
  };
  return (
    <>
      {row.isDisabled ? (
        <Button type="link" icon={<CheckCircleOutlined />} onClick={() => void run(adminUserApi.update(row.id, { isDisabled: false }), t('adminUsers.enabled'))}>
          {t('adminUsers.enable')}
        </Button>
      ) : (
        <Popconfirm
          title={t('adminUsers.confirmDisable')}
          onConfirm={() => run(adminUserApi.update(row.id, { isDisabled: true }), t('adminUsers.disabledDone'))}
          okText={t('adminUsers.disable')}
          cancelText={t('common.cancel')}
        >
          <Button type="link" icon={<StopOutlined />} data-testid={`adminUser-disable-${row.userName}`}>
            {t('adminUsers.disable')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('adminUsers.confirmDelete')}
        onConfirm={() => run(adminUserApi.remove(row.id), t('common.deleted'))}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
      >
        <Button type="link" danger icon={<DeleteOutlined />} data-testid={`adminUser-delete-${row.userName}`}>
          {t('common.delete')}
        </Button>
      </Popconfirm>
    </>
  );
}

/** /admin/adminUser: the platform's administrator logins (add, edit, enable/disable, delete). */
export default function AdminUsers() {
  const { t } = useTranslation();
  const columns: ResourceField<AdminUser>[] = [
    { key: 'userName', label: 'adminUsers.userName', render: (r) => (r.isSelf ? <>{r.userName} <Tag color="blue">{t('adminUsers.self')}</Tag></> : r.userName) },
    { key: 'keyword', label: 'adminUsers.keyword', filter: { type: 'text' }, column: false },
    { key: 'name', label: 'adminUsers.name' },
    { key: 'phoneNumber', label: 'adminUsers.phoneNumber' },
    { key: '$state', label: 'adminUsers.state', render: (r) => (r.isDisabled ? <Tag color="error">{t('adminUsers.disabled')}</Tag> : <Tag color="success">{t('adminUsers.active')}</Tag>) },
    { key: 'createAt', label: 'adminUsers.createAt', type: 'datetime' },
  ];
  const resource = defineResource<AdminUser>({
    name: 'adminUser',
    rowKey: 'id',
    queryKey: (p) => adminUserKeys.list(p),
    fetch: ({ pageIndex, pageSize, filters }) => adminUserApi.query({ pageIndex, pageSize, keyword: filters.keyword || undefined }),
    fields: columns,
  });
  return (
    <>
      <Alert type="info" showIcon title={t('adminUsers.intro')} style={{ marginBottom: 16 }} />
      <CrudPage
        crud={{
          resource,
          invalidate: adminUserKeys.all,
          title: 'adminUsers.route',
          fields,
          editFields,
          createSchema: createAdminUserBody,
          updateSchema: updateAdminUserBody,
          create: (p) => adminUserApi.create(p),
          update: (row, p) => adminUserApi.update(row.id, p),
          actions: (row) => <RowActions row={row} />,
        }}
      />
    </>
  );
}
