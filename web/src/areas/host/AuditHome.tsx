import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { auditTypes, type AuditItem, type AuditType } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuditApi, hostAuditKeys, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { formatDateTime } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { AuditStateTag } from './exhibitorShared.tsx';

/** Only pending items can be decided: the selection keeps those and drops the rest. */
export const decidable = (rows: readonly AuditItem[], keys: readonly Key[]): string[] => {
  const pending = new Set(rows.filter((r) => r.state === 0).map((r) => r.id));
  return keys.map(String).filter((k) => pending.has(k));
};

/** The reason dialog of a rejection (one or many). */
export function RejectDialog({ count, onCancel, onReject }: { count: number; onCancel: () => void; onReject: (reason: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('hostEx.audit.rejectTitle', { count })}
      onCancel={onCancel}
      confirmLoading={busy}
      okButtonProps={{ danger: true, 'data-testid': 'reject-confirm' }}
      okText={t('hostEx.audit.reject')}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="reject"
        layout="vertical"
        onFinish={async ({ reason }) => {
          setBusy(true);
          try {
            await onReject(reason.trim());
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="reason" label={t('hostEx.audit.reason')} rules={[{ required: true, whitespace: true, message: t('hostEx.audit.reasonRequired') }, { max: 500 }]}>
          <Input.TextArea rows={4} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /live/index/audit/home: the audit queue of the current exhibition across types; approve, reject with a reason, in bulk too. */
export default function AuditHome() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const exhibitionId = session.exhibitionId;
  const [selected, setSelected] = useState<Key[]>([]);
  const [rows, setRows] = useState<AuditItem[]>([]);
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const counts = useQuery({ queryKey: hostAuditKeys.counts(exhibitionId ?? ''), queryFn: () => hostAuditApi.counts(exhibitionId!), enabled: Boolean(exhibitionId) });

  const resource = useMemo(
    () =>
      defineResource<AuditItem>({
        name: 'audit',
        rowKey: 'id',
        queryKey: (params) => hostAuditKeys.list({ exhibitionId, ...params }),
        fetch: async ({ pageIndex, pageSize, filters }) => {
          const page = await hostAuditApi.list({
            pageIndex,
            pageSize,
            exhibitionId: exhibitionId!,
            type: (filters.type as AuditType | undefined) || undefined,
            state: filters.state ? (Number(filters.state) as 0 | 1 | 2) : undefined,
            keyword: filters.title || undefined,
          });
          setRows(page.items);
          return page;
        },
        fields: [
          {
            key: 'type',
            label: 'hostEx.audit.type',
            render: (row) => <Tag color="blue">{t(`hostEx.auditType.${row.type}`)}</Tag>,
            filter: { type: 'select', options: auditTypes.map((type) => ({ value: type, label: `hostEx.auditType.${type}` as const })) },
          },
          { key: 'title', label: 'hostEx.audit.title', filter: { type: 'text' } },
          {
            key: 'state',
            label: 'hostEx.audit.state',
            render: (row) => (
              <Space size={4}>
                <AuditStateTag state={row.state} />
                {row.auto && <Typography.Text type="secondary">{t('hostEx.audit.auto')}</Typography.Text>}
              </Space>
            ),
            filter: { type: 'select', options: [
              { value: '0', label: 'hostEx.auditState.pending' },
              { value: '1', label: 'hostEx.auditState.approved' },
              { value: '2', label: 'hostEx.auditState.rejected' },
            ] },
          },
          { key: 'submittedByName', label: 'hostEx.audit.submittedBy' },
          { key: 'submitAt', label: 'hostEx.audit.submitAt', type: 'datetime' },
          { key: '$decided', label: 'hostEx.audit.decidedAt', render: (row) => (row.decidedAt ? `${formatDateTime(row.decidedAt)} ${row.decidedByName ?? ''}` : t('common.empty')) },
          { key: 'reason', label: 'hostEx.audit.reason' },
        ],
      }),
    [exhibitionId, t],
  );

  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;

  const decide = async (ids: string[], approve: boolean, reason?: string) => {
    try {
      const { decided } = await hostAuditApi.decide({ ids, approve, reason });
      setSelected((keys) => keys.filter((k) => !ids.includes(String(k))));
      setRejecting(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: hostAuditKeys.all }), queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all })]);
      feedback.message().success(t('hostEx.audit.decided', { count: decided }), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  const chosen = decidable(rows, selected);
  const pendingTypes = Object.entries(counts.data?.counts ?? {}).filter(([, n]) => n > 0) as [AuditType, number][];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless" size="small">
        <Space wrap size="large" data-testid="audit-counts">
          <Badge count={counts.data?.total ?? 0} showZero color="#faad14" overflowCount={9999}>
            <Typography.Text strong style={{ paddingInlineEnd: 12 }}>
              {t('hostEx.auditState.pending')}
            </Typography.Text>
          </Badge>
          {pendingTypes.map(([type, n]) => (
            <Badge key={type} count={n} size="small" overflowCount={9999}>
              <Tag style={{ marginInlineEnd: 8 }}>{t(`hostEx.auditType.${type}`)}</Tag>
            </Badge>
          ))}
        </Space>
      </Card>
      <ResourceTable
        resource={resource}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (row) => ({ disabled: row.state !== 0 }) }}
        extra={
          <Space>
            <Button type="primary" icon={<CheckOutlined />} disabled={chosen.length === 0} onClick={() => decide(chosen, true)} data-testid="audit-bulk-approve">
              {t('hostEx.audit.bulkApprove', { count: chosen.length })}
            </Button>
            <Button danger icon={<CloseOutlined />} disabled={chosen.length === 0} onClick={() => setRejecting(chosen)} data-testid="audit-bulk-reject">
              {t('hostEx.audit.bulkReject', { count: chosen.length })}
            </Button>
          </Space>
        }
        actions={(row) =>
          row.state === 0 ? (
            <>
              <Button type="link" icon={<CheckOutlined />} onClick={() => decide([row.id], true)} data-testid={`approve-${row.id}`}>
                {t('hostEx.audit.approve')}
              </Button>
              <Button type="link" danger icon={<CloseOutlined />} onClick={() => setRejecting([row.id])} data-testid={`reject-${row.id}`}>
                {t('hostEx.audit.reject')}
              </Button>
            </>
          ) : null
        }
      />
      {rejecting && <RejectDialog count={rejecting.length} onCancel={() => setRejecting(null)} onReject={(reason) => decide(rejecting, false, reason)} />}
    </Space>
  );
}
