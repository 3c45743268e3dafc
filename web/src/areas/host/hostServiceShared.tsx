import { CheckOutlined, CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { AuditState } from '@pavilion/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostAuditKeys, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { RejectDialog } from './AuditHome.tsx';

/** The audit-state filter of the review lists (drafts are never listed to hosts). */
export const auditStateFilter = {
  type: 'select' as const,
  options: [
    { value: String(AuditState.Pending), label: 'hostEx.auditState.pending' as const },
    { value: String(AuditState.Approved), label: 'hostEx.auditState.approved' as const },
    { value: String(AuditState.Rejected), label: 'hostEx.auditState.rejected' as const },
  ],
};
export const auditStateOf = (value: string | undefined) => (value !== undefined && value !== '' ? (Number(value) as AuditState) : undefined);


/**
 * Approve / reject (with a reason) / delete of a review list: per row and for the selection. The
 * decisions and deletes invalidate `invalidate` and the audit centre's queue.
 */
export function useReview(opts: { decide: (body: { ids: string[]; approve: boolean; reason?: string }) => Promise<{ decided: number }>; remove: (id: string) => Promise<unknown>; invalidate: QueryKey }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Key[]>([]);
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: opts.invalidate }), queryClient.invalidateQueries({ queryKey: hostAuditKeys.all }), queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all })]);
  const decide = async (ids: string[], approve: boolean, reason?: string) => {
    try {
      const { decided } = await opts.decide({ ids, approve, ...(reason ? { reason } : {}) });
      setSelected((keys) => keys.filter((k) => !ids.includes(String(k))));
      setRejecting(null);
      await refresh();
      feedback.message().success(t('hostSvc.audit.decided', { count: decided }), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  const remove = async (id: string) => {
    try {
      await opts.remove(id);
      setSelected((keys) => keys.filter((k) => String(k) !== id));
      await refresh();
      feedback.message().success(t('hostSvc.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  /** Approve / reject of one pending row, and its delete. */
  const rowActions = (row: { id: string; auditState: AuditState }) => (
    <>
      {row.auditState === AuditState.Pending && (
        <>
          <Button type="link" icon={<CheckOutlined />} onClick={() => decide([row.id], true)} data-testid={`approve-${row.id}`}>
            {t('hostSvc.audit.approve')}
          </Button>
          <Button type="link" danger icon={<CloseOutlined />} onClick={() => setRejecting([row.id])} data-testid={`reject-${row.id}`}>
            {t('hostSvc.audit.reject')}
          </Button>
        </>
      )}
      <Popconfirm title={t('hostSvc.confirmDelete')} onConfirm={() => remove(row.id)}>
        <Button type="link" danger icon={<DeleteOutlined />} data-testid={`delete-${row.id}`}>
          {t('hostSvc.delete')}
        </Button>
      </Popconfirm>
    </>
  );
  /** Bulk approve / reject of the selection (pending rows only). */
  const bulkActions = () => {
    const chosen = selected.map(String);
    return (
      <Space wrap>
        <Button type="primary" icon={<CheckOutlined />} disabled={chosen.length === 0} onClick={() => decide(chosen, true)} data-testid="bulk-approve">
          {t('hostSvc.audit.bulkApprove')}
          {chosen.length > 0 && ` (${chosen.length})`}
        </Button>
        <Button danger icon={<CloseOutlined />} disabled={chosen.length === 0} onClick={() => setRejecting(chosen)} data-testid="bulk-reject">
          {t('hostSvc.audit.bulkReject')}
          {chosen.length > 0 && ` (${chosen.length})`}
        </Button>
      </Space>
    );
  };
  const dialog = rejecting && <RejectDialog count={rejecting.length} onCancel={() => setRejecting(null)} onReject={(reason) => decide(rejecting, false, reason)} />;
  return { selected, setSelected, rowSelection: {
      selectedRowKeys: selected,
      onChange: setSelected,
      preserveSelectedRowKeys: true,
      // Only pending rows can be decided, so only they can be selected.
      getCheckboxProps: (row: { auditState: AuditState }) => ({ disabled: row.auditState !== AuditState.Pending }),
    }, rowActions, bulkActions, dialog };
}

/** Links from a list to its sub-screens (task, task-not …). */
export function SubScreenLinks({ links }: { links: readonly { to: string; label: MessageKey; icon?: ReactNode; testId?: string }[] }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      {links.map((l) => (
        <Link key={l.to} to={l.to}>
          <Button icon={l.icon} data-testid={l.testId}>
            {t(l.label)}
          </Button>
        </Link>
      ))}
    </Space>
  );
}
