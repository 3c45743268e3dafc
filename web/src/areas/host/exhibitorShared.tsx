import type { AuditState, CategoryNode } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** Audit states as the host sees them (drafts are never listed to hosts). */
export const auditStateLabels: Record<AuditState, { label: MessageKey; color: string }> = {
  [-3]: { label: 'hostEx.auditState.draft', color: 'default' },
  0: { label: 'hostEx.auditState.pending', color: 'gold' },
  1: { label: 'hostEx.auditState.approved', color: 'green' },
  2: { label: 'hostEx.auditState.rejected', color: 'red' },
};

/** An exhibitor's company as lists show it: the Chinese name, the English one below. */
export function CompanyNames({ company }: { company: { name: string; nameEn?: string | null } }) {
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{company.name}</Typography.Text>
      {company.nameEn && <Typography.Text type="secondary">{company.nameEn}</Typography.Text>}
    </Space>
  );
}

export function AuditStateTag({ state }: { state: AuditState }) {
  const { t } = useTranslation();
  const entry = auditStateLabels[state];
  return <Tag color={entry.color}>{t(entry.label)}</Tag>;
}

/** The host's category tree (two levels), as TreeSelect data and as a flat list for filters. */
export function useCategoryTree(hostId: string | null) {
  return useQuery({
    queryKey: hostExhibitorKeys.categories(hostId ?? ''),
    queryFn: () => hostExhibitorApi.categories(hostId!),
    enabled: Boolean(hostId),
    staleTime: 60_000,
  });
}

export interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

export const toTreeData = (nodes: readonly CategoryNode[], en = false): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: (en && n.nameEn) || n.name, children: n.childrens.length ? toTreeData(n.childrens, en) : undefined }));

export const flattenCategories = (nodes: readonly CategoryNode[], prefix = ''): { value: string; text: string }[] =>
  nodes.flatMap((n) => [{ value: n.id, text: `${prefix}${n.name}` }, ...flattenCategories(n.childrens, `${prefix}${n.name} / `)]);

/** The exhibition's exhibitors (the first 1,000) for a choice list; shared by every screen that offers them. */
export function useExhibitorOptions(exhibitionId: string | null, enabled = true) {
  return useQuery({
    queryKey: hostExhibitorKeys.list({ exhibitionId, options: true }),
    queryFn: () => hostExhibitorApi.query({ exhibitionId: exhibitionId!, pageSize: 1000 }),
    enabled: enabled && Boolean(exhibitionId),
  });
}

/** The exhibition's limit on categories per exhibitor (part 1 §9 default 5). */
export function useCategoryLimit(exhibitionId: string | null) {
  const settings = useQuery({
    queryKey: hostExhibitorKeys.settings(exhibitionId ?? ''),
    queryFn: () => hostExhibitorApi.settings(exhibitionId!),
    enabled: Boolean(exhibitionId),
  });
  return settings.data?.exhibitorCategoryNumber ?? 5;
}
