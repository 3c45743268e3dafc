import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { decideHostApplyBody, hostApplyStatus, type HostApply } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostApplyApi, hostApplyKeys } from '../../api/hostApply.ts';
import { hostKeys } from '../../api/host.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { FormDrawer, type FormField } from '../../components/ResourceForm.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';
import { i18n } from '../../i18n/index.ts';

const statusColor = { pending: 'processing', approved: 'success', rejected: 'error' } as const;
const [approveBody, rejectBody] = decideHostApplyBody.options;
const approveForm = approveBody.omit({ status: true });
const rejectForm = rejectBody.omit({ status: true });

const applyResource = defineResource<HostApply>({
  name: 'hostApply',
  rowKey: 'id',
  queryKey: (p) => hostApplyKeys.list(p),
  fetch: ({ pageIndex, pageSize, filters }) =>
    hostApplyApi.query({ pageIndex, pageSize, keyword: filters.keyword, status: filters.status as HostApply['status'] | undefined }),
  fields: [
    { key: 'companyName', label: 'hostApply.companyName' },
    { key: 'keyword', label: 'hostApply.keyword', filter: { type: 'text' }, column: false },
    { key: 'contactName', label: 'hostApply.contactName' },
    { key: 'phoneNumber', label: 'host.phoneNumber' },
    { key: 'email', label: 'host.email' },
    { key: 'message', label: 'hostApply.message' },
    {
      key: 'status',
      label: 'hostApply.status',
      filter: { type: 'select', options: hostApplyStatus.options.map((s) => ({ value: s, label: `hostApply.${s}` as const })) },
      render: (r) => <Tag color={statusColor[r.status]}>{i18n.t(`hostApply.${r.status}`)}</Tag>,
    },
    { key: 'reason', label: 'hostApply.reason' },
    { key: 'userName', label: 'host.userName' },
    { key: 'createAt', label: 'common.createAt', type: 'datetime' },
  ],
});

/** /admin/hostApplay: organisers' applications; approve (creates host and login) or reject with a reason. */
export default function HostApplay() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<{ row: HostApply; status: 'approved' | 'rejected' } | null>(null);
  const approving = deciding?.status === 'approved';
  const drawer = { open: deciding !== null, title: t(approving ? 'hostApply.approve' : 'hostApply.reject'), onClose: () => setDeciding(null), name: 'host-apply-decide' };
  const reasonField: FormField = { name: 'reason', label: 'hostApply.reason', type: 'textarea' };
  const decide = async (body: Parameters<typeof hostApplyApi.decide>[1]) => {
    await hostApplyApi.decide(deciding!.row.id, body);
    await queryClient.invalidateQueries({ queryKey: hostApplyKeys.all });
    await queryClient.invalidateQueries({ queryKey: hostKeys.all });
    feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
    setDeciding(null);
  };
  return (
    <>
      <CrudPage
        crud={{
          resource: applyResource,
          invalidate: hostApplyKeys.all,
          title: 'route.hostApplay',
          actions: (row) =>
            row.status === 'pending' && (
              <>
                <Button type="link" icon={<CheckOutlined />} onClick={() => setDeciding({ row, status: 'approved' })}>
                  {t('hostApply.approve')}
                </Button>
                <Button type="link" danger icon={<CloseOutlined />} onClick={() => setDeciding({ row, status: 'rejected' })}>
                  {t('hostApply.reject')}
                </Button>
              </>
            ),
        }}
      />
      {approving ? (
        <FormDrawer {...drawer} fields={[{ name: 'userName', label: 'host.userName' }, reasonField]} schema={approveForm} onSubmit={(p) => decide({ ...p, status: 'approved' })} />
      ) : (
        <FormDrawer {...drawer} fields={[reasonField]} schema={rejectForm} onSubmit={(p) => decide({ ...p, status: 'rejected' })} />
      )}
    </>
  );
}
