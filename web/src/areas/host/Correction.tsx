import type { Correction as CorrectionRow } from '@pavilion/contract';
import { Alert, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hostCorrectionApi, hostServiceKeys } from '../../api/hostServices.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { AuditStateTag } from './exhibitorShared.tsx';
import { auditStateFilter, auditStateOf, useReview } from './hostServiceShared.tsx';

const FIELD_LABELS: Record<string, MessageKey> = {
  name: 'hostSvc.correction.fields.name',
  nameEn: 'hostSvc.correction.fields.nameEn',
  logo: 'hostSvc.correction.fields.logo',
  region: 'hostSvc.correction.fields.region',
  address: 'hostSvc.correction.fields.address',
  boothArea: 'hostSvc.correction.fields.boothArea',
  boothInfo: 'hostSvc.correction.fields.boothInfo',
  banner: 'hostSvc.correction.fields.banner',
};

/** Search form → the contract's correction query. */
export const correctionQueryOf = (exhibitionId: string, filters: Readonly<Record<string, string>>) => ({ exhibitionId, auditState: auditStateOf(filters.auditState) });

/** Each requested change as "field: before → after". */
export function CorrectionChanges({ row }: { row: Pick<CorrectionRow, 'id' | 'changes' | 'before'> }) {
  const { t } = useTranslation();
  const empty = t('common.empty');
  return (
    <Space orientation="vertical" size={2} data-testid={`changes-${row.id}`}>
      {Object.entries(row.changes).map(([k, after]) => (
        <Typography.Text key={k}>
          <Typography.Text type="secondary">{FIELD_LABELS[k] ? t(FIELD_LABELS[k]) : k}</Typography.Text>{' '}
          <Typography.Text delete type="secondary">{row.before[k] || empty}</Typography.Text>
          {' → '}
          <Typography.Text strong>{after || empty}</Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

/** /live/index/admin/correction: exhibitors' correction requests by state, with the change asked for; approve (applies it), reject with a reason, delete. */
export default function Correction() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const review = useReview({ type: 'correction', decide: hostCorrectionApi.decide, remove: hostCorrectionApi.remove, invalidate: hostServiceKeys.corrections });
  const resource = useMemo(
    () =>
      defineResource<CorrectionRow>({
        name: 'correction',
        rowKey: 'id',
        queryKey: (params) => hostServiceKeys.correctionList({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => hostCorrectionApi.query({ pageIndex, pageSize, ...correctionQueryOf(exhibitionId!, filters) }),
        fields: [
          { key: 'companyName', label: 'hostSvc.correction.company', render: (row) => <Typography.Text strong>{row.companyName}</Typography.Text> },
          { key: '$changes', label: 'hostSvc.correction.changes', render: (row) => <CorrectionChanges row={row} /> },
          { key: 'remark', label: 'hostSvc.correction.remark' },
          { key: 'auditState', label: 'hostSvc.correction.auditState', render: (row) => <AuditStateTag state={row.auditState} />, filter: auditStateFilter },
          { key: 'auditReason', label: 'hostSvc.correction.auditReason' },
          { key: 'submitAt', label: 'hostSvc.correction.submitAt', type: 'datetime' },
          { key: 'appliedAt', label: 'hostSvc.correction.appliedAt', type: 'datetime' },
        ],
      }),
    [exhibitionId],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostSvc.noExhibition')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('hostSvc.correction.approveHint')} />
      <ResourceTable resource={resource} rowSelection={review.rowSelection} extra={review.bulkActions()} actions={(row) => review.rowActions(row)} />
      {review.dialog}
    </Space>
  );
}
