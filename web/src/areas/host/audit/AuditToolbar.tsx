import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuditKeys, hostExhibitorKeys } from '../../../api/host-exhibitors.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../../components/feedback.tsx';

/** Decides `ids`; resolves true when it went through (the caller closes what it opened). */
export type AuditDecide = (ids: string[], approve: boolean, reason?: string) => Promise<boolean>;

/**
 * The decision of an audit screen over its module's call: refreshes `invalidate`, the audit centre's
 * queue and the exhibitor lists, and says how many were decided or why it failed.
 */
/** After a decision or a delete: the screen's own lists, the audit centre's queue and the exhibitors' states. */
export const invalidateAudit = (queryClient: QueryClient, own: readonly QueryKey[]) =>
  Promise.all([...own, hostAuditKeys.all, hostExhibitorKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useAuditDecide(call: (body: { ids: string[]; approve: boolean; reason?: string }) => Promise<{ decided: number }>, invalidate: readonly QueryKey[] = [], onDecided?: (ids: string[]) => void): AuditDecide {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (ids, approve, reason) => {
    try {
      const { decided } = await call({ ids, approve, ...(reason ? { reason } : {}) });
      onDecided?.(ids);
      await invalidateAudit(queryClient, invalidate);
      feedback.message().success(t('audit.decided', { count: decided }), MESSAGE_SECONDS);
      return true;
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
      return false;
    }
  };
}

/** The reason dialog of a rejection (one or many): the reason is required. */
function RejectDialog({ count, onCancel, onReject }: { count: number; onCancel: () => void; onReject: (reason: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('audit.rejectTitle', { count })}
      onCancel={onCancel}
      confirmLoading={busy}
      okButtonProps={{ danger: true, 'data-testid': 'reject-confirm' }}
      okText={t('audit.reject')}
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
        <Form.Item name="reason" label={t('audit.reason')} rules={[{ required: true, whitespace: true, message: t('audit.reasonRequired') }, { max: 500 }]}>
          <Input.TextArea rows={4} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface AuditToolbarProps {
  /** What the buttons decide; none: the buttons are disabled. */
  ids: readonly string[];
  decide: AuditDecide;
  /** `row`: link buttons in a table row; `bulk`: the selection's buttons with its count; `panel`: full buttons (the detail drawer). */
  variant?: 'row' | 'bulk' | 'panel';
  testIds?: { approve: string; reject: string };
}

/** Approve (after a confirmation) and reject (with a required reason): the one audit toolbar of every audit screen. */
export function AuditToolbar({ ids, decide, variant = 'row', testIds }: AuditToolbarProps) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const count = ids.length;
  const link = variant === 'row';
  const labels = variant === 'bulk' ? { approve: t('audit.bulkApprove', { count }), reject: t('audit.bulkReject', { count }) } : { approve: t('audit.approve'), reject: t('audit.reject') };
  return (
    <Space size={link ? 0 : 'small'} wrap>
      <Popconfirm
        title={t('audit.confirmApprove', { count })}
        description={t('audit.confirmApproveHint')}
        okText={t('audit.approve')}
        okButtonProps={{ 'data-testid': 'approve-confirm' }}
        onConfirm={() => decide([...ids], true)}
        destroyOnHidden
        disabled={!count}
      >
        {/* In a row, icons with their names as tooltips: the action column stays narrow beside the data. */}
        <Button type={link ? 'link' : 'primary'} icon={<CheckOutlined />} disabled={!count} data-testid={testIds?.approve} aria-label={labels.approve} title={link ? labels.approve : undefined}>
          {!link && labels.approve}
        </Button>
      </Popconfirm>
      <Button type={link ? 'link' : 'default'} danger icon={<CloseOutlined />} disabled={!count} onClick={() => setRejecting(true)} data-testid={testIds?.reject} aria-label={labels.reject} title={link ? labels.reject : undefined}>
        {!link && labels.reject}
      </Button>
      {rejecting && (
        <RejectDialog
          count={count}
          onCancel={() => setRejecting(false)}
          onReject={async (reason) => {
            if (await decide([...ids], false, reason)) setRejecting(false);
          }}
        />
      )}
    </Space>
  );
}
