import type { ExhibitorPlace, PlaceQuery } from '@pavilion/contract';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceField } from '../../components/ResourceTable.tsx';
import { BoothCodes } from '../../components/place/PlaceDetails.tsx';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { AuditStateTag } from './exhibitorShared.tsx';
import { auditStateFilter } from './hostServiceShared.tsx';

/**
 * Search-form values → the place query. `pendingByDefault` (the audit screen) shows pending
 * submissions until another state is chosen; place/info shows everyone, submitted or not.
 */
export function placeQueryOf(exhibitionId: string, filters: Readonly<Record<string, string>>, pendingByDefault = false): PlaceQuery {
  const state = filters.$state ?? (pendingByDefault ? '0' : undefined);
  return {
    exhibitionId,
    keyword: filters.$keyword || undefined,
    auditState: state !== undefined && state !== '' ? (Number(state) as 0 | 1 | 2) : undefined,
    boothType: filters.$boothType === 'standard' || filters.$boothType === 'raw' ? filters.$boothType : undefined,
    hasPlace: pendingByDefault ? true : filters.$hasPlace === 'true' ? true : filters.$hasPlace === 'false' ? false : undefined,
  };
}

const empty = () => i18n.t('common.empty');

function NotSubmitted() {
  const { t } = useTranslation();
  return <Tag>{t('place.notSubmitted')}</Tag>;
}

/** The place list's columns and filters, shared by place/info and place/audit. */
export function placeFields(options: { audit: boolean }): ResourceField<ExhibitorPlace>[] {
  // The audit screen keeps to what decides; its expanded rows show the rest.
  const infoOnly: ResourceField<ExhibitorPlace>[] = options.audit
    ? []
    : [
        { key: '$site', label: 'place.field.siteManager', render: (r) => (r.place?.siteManager ? `${r.place.siteManager} ${r.place.siteManagerPhone ?? ''}` : empty()) },
        { key: '$power', label: 'place.field.powerKw', width: 110, render: (r) => r.place?.powerKw ?? empty() },
        {
          key: '$hasPlace',
          label: 'place.field.hasPlace',
          column: false,
          filter: { type: 'select', options: [
            { value: 'true', label: 'place.submittedYes' },
            { value: 'false', label: 'place.notSubmitted' },
          ] },
        },
      ];
  return [
    { key: '$keyword', label: 'place.field.keyword', filter: { type: 'text' }, column: false },
    {
      key: 'companyName',
      label: 'place.field.company',
      render: (r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{r.companyName}</Typography.Text>
          {r.companyNameEn && <Typography.Text type="secondary">{r.companyNameEn}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'boothInfo', label: 'place.field.boothInfo', render: (r) => <BoothCodes boothInfo={r.boothInfo} /> },
    { key: 'boothArea', label: 'place.field.boothArea', width: 100 },
    {
      key: '$boothType',
      label: 'place.field.boothType',
      render: (r) => (r.place ? <Tag color={r.place.boothType === 'raw' ? 'purple' : 'cyan'}><BoothTypeLabel type={r.place.boothType} /></Tag> : <NotSubmitted />),
      filter: { type: 'select', options: [
        { value: 'standard', label: 'place.boothType.standard' },
        { value: 'raw', label: 'place.boothType.raw' },
      ] },
    },
    {
      key: '$state',
      label: 'place.field.state',
      render: (r) => (r.place ? <AuditStateTag state={r.place.auditState} /> : <NotSubmitted />),
      filter: auditStateFilter,
    },
    { key: '$contractor', label: 'place.field.contractorName', render: (r) => r.place?.contractorName ?? empty() },
    ...infoOnly,
    { key: '$submitAt', label: 'place.field.submitAt', render: (r) => (r.place?.submitAt ? formatDateTime(r.place.submitAt) : empty()) },
    ...(options.audit ? [{ key: '$reason' as const, label: 'place.field.reason' as const, render: (r: ExhibitorPlace) => r.place?.auditReason ?? empty() }] : []),
  ];
}

function BoothTypeLabel({ type }: { type: 'standard' | 'raw' }) {
  const { t } = useTranslation();
  return <>{t(`place.boothType.${type}`)}</>;
}
