import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { AuditState, auditState, type AuditType } from '@pavilion/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import type { ColumnField, FieldKey } from '../../components/ResourceTable.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { AuditDetailDrawer } from './audit/AuditDetailDrawer.tsx';
import { AuditToolbar, invalidateAudit, useAuditDecide } from './audit/AuditToolbar.tsx';
import { AuditStateTag } from './exhibitorShared.tsx';

/** The audit-state filter of the review lists (drafts are never listed to hosts). */
export const auditStateFilter = {
  type: 'select' as const,
  options: [
    { value: String(AuditState.Pending), label: 'hostEx.auditState.pending' as const },
    { value: String(AuditState.Approved), label: 'hostEx.auditState.approved' as const },
    { value: String(AuditState.Rejected), label: 'hostEx.auditState.rejected' as const },
  ],
};
/** A search form's audit state (a string) as the contract's, or none when it is empty or not one. */
export const auditStateOf = (value: string | undefined) => (value !== undefined && value !== '' ? auditState.safeParse(Number(value)).data : undefined);

/** The audit-state column of a review list: the state, a rejection's reason under it, and the state filter. */
export function auditStateColumn<Row extends { auditState: AuditState; auditReason: string | null }>(label: MessageKey): ColumnField<Row> {
  return {
    key: 'auditState' as FieldKey<Row>,
    label,
    render: (row) => (
      <Space orientation="vertical" size={0}>
        <AuditStateTag state={row.auditState} />
        {row.auditState === AuditState.Rejected && row.auditReason && <Typography.Text type="danger">{row.auditReason}</Typography.Text>}
      </Space>
    ),
    filter: auditStateFilter,
  };
}


/**
 * Approve / reject (with a reason) / view / delete of a review list of audit type `type`: per row
 * and for the selection. Decisions and deletes invalidate `invalidate` and the audit centre's queue.
 */
export function useReview(opts: { type: AuditType; decide: (body: { ids: string[]; approve: boolean; reason?: string }) => Promise<{ decided: number }>; remove: (id: string) => Promise<unknown>; invalidate: QueryKey }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Key[]>([]);
  const [viewing, setViewing] = useState<string | null>(null);
  const decide = useAuditDecide(opts.decide, [opts.invalidate], (ids) => setSelected((keys) => keys.filter((k) => !ids.includes(String(k)))));
  const remove = async (id: string) => {
    try {
      await opts.remove(id);
      setSelected((keys) => keys.filter((k) => String(k) !== id));
      await invalidateAudit(queryClient, [opts.invalidate]);
      feedback.message().success(t('hostSvc.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  /** View (what was submitted), approve / reject of one pending row, and its delete. */
  const rowActions = (row: { id: string; auditState: AuditState; submitAt: string | null }) => (
    <>
      {row.submitAt && (
        <Button type="link" icon={<EyeOutlined />} onClick={() => setViewing(row.id)} data-testid={`view-${row.id}`}>
          {t('audit.view')}
        </Button>
      )}
      {row.auditState === AuditState.Pending && <AuditToolbar ids={[row.id]} decide={decide} testIds={{ approve: `approve-${row.id}`, reject: `reject-${row.id}` }} />}
      <Popconfirm title={t('hostSvc.confirmDelete')} onConfirm={() => remove(row.id)}>
        <Button type="link" danger icon={<DeleteOutlined />} data-testid={`delete-${row.id}`}>
          {t('hostSvc.delete')}
        </Button>
      </Popconfirm>
    </>
  );
  /** Bulk approve / reject of the selection (pending rows only). */
  const bulkActions = () => <AuditToolbar variant="bulk" ids={selected.map(String)} decide={decide} testIds={{ approve: 'bulk-approve', reject: 'bulk-reject' }} />;
  const dialog = <AuditDetailDrawer target={viewing ? { type: opts.type, id: viewing } : null} onClose={() => setViewing(null)} decide={decide} />;
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
