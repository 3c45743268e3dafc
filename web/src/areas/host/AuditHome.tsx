import { EyeOutlined } from '@ant-design/icons';
import { auditTypes, type AuditItem, type AuditType } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Space, Tag, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuditApi, hostAuditKeys } from '../../api/host-exhibitors.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';
import { AuditDetailDrawer } from './audit/AuditDetailDrawer.tsx';
import { AuditToolbar, useAuditDecide } from './audit/AuditToolbar.tsx';
import { AuditStateTag } from './exhibitorShared.tsx';
import { auditStateFilter } from './hostServiceShared.tsx';

/** Only pending items can be decided: the selection keeps those and drops the rest. */
export const decidable = (rows: readonly AuditItem[], keys: readonly Key[]): string[] => {
  const pending = new Set(rows.filter((r) => r.state === 0).map((r) => r.id));
  return keys.map(String).filter((k) => pending.has(k));
};

/** /live/index/audit/home: the audit queue of the current exhibition across types; approve, reject with a reason, in bulk too. */
export default function AuditHome() {
  const { t } = useTranslation();
  const session = useSession();
  const exhibitionId = session.exhibitionId;
  const [selected, setSelected] = useState<Key[]>([]);
  const [rows, setRows] = useState<AuditItem[]>([]);
  const [viewing, setViewing] = useState<AuditItem | null>(null);
  const decide = useAuditDecide(hostAuditApi.decide, [], (ids) => setSelected((keys) => keys.filter((k) => !ids.includes(String(k)))));
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
            filter: auditStateFilter,
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
        extra={<AuditToolbar variant="bulk" ids={chosen} decide={decide} testIds={{ approve: 'audit-bulk-approve', reject: 'audit-bulk-reject' }} />}
        actions={(row) => (
          <>
            <Button type="link" icon={<EyeOutlined />} onClick={() => setViewing(row)} data-testid={`view-${row.id}`}>
              {t('audit.view')}
            </Button>
            {row.state === 0 && <AuditToolbar ids={[row.id]} decide={decide} testIds={{ approve: `approve-${row.id}`, reject: `reject-${row.id}` }} />}
          </>
        )}
      />
      <AuditDetailDrawer target={viewing && { type: viewing.type, id: viewing.targetId }} onClose={() => setViewing(null)} decide={decide} idsOf={(d) => [d.record.id]} />
    </Space>
  );
}
