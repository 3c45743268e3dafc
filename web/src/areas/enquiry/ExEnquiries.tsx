import { EyeOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { Enquiry, EnquiryFilters } from '@pavilion/contract';
import { Alert, Button, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import type { MessageKey } from '../../i18n/index.ts';
import { useTranslation } from 'react-i18next';
import { enquiryApi, enquiryKeys } from '../../api/enquiry.ts';
import { showError } from '../../components/feedback.tsx';
import { defineResource, ResourceTable, type ListParams, type ResourceField } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { EnquiryDrawer, EnquiryExportBar, SourceTag, StateTag, visitorOf } from './shared.tsx';

/** The search form's values as the contract's filters (the `all` source of the host's form means none). */
export function filtersOf(f: ListParams['filters'], defaultSource?: string): EnquiryFilters {
  const source = f.source ?? defaultSource;
  return {
    ...(source && source !== 'all' ? { source: source as EnquiryFilters['source'] } : {}),
    ...(f.state ? { state: f.state as EnquiryFilters['state'] } : {}),
    ...(f.isSample ? { isSample: f.isSample === 'yes' } : {}),
    ...(f.keyword ? { keyword: f.keyword } : {}),
  };
}

export const sourceOptions = [
  { value: 'booth', label: 'enquiry.source.booth' },
  { value: 'product', label: 'enquiry.source.product' },
  { value: 'live', label: 'enquiry.source.live' },
] as const;
export const stateOptions = [
  { value: 'new', label: 'enquiry.state.new' },
  { value: 'read', label: 'enquiry.state.read' },
  { value: 'answered', label: 'enquiry.state.answered' },
  { value: 'closed', label: 'enquiry.state.closed' },
] as const;
export const sampleOptions = [
  { value: 'yes', label: 'enquiry.sample.yes' },
  { value: 'no', label: 'enquiry.sample.no' },
] as const;

/** The enquiry list's columns and filters, the same for the exhibitor's inbox and the host's list (which adds the exhibitor). */
export function enquiryFields(t: TFunction, sources: readonly { value: string; label: MessageKey }[], withExhibitor = false): ResourceField<Enquiry>[] {
  return [
    { key: 'createAt', label: 'enquiry.field.time', type: 'datetime' },
    ...(withExhibitor ? [{ key: 'companyName', label: 'enquiry.field.exhibitor' } as ResourceField<Enquiry>] : []),
    { key: 'source', label: 'enquiry.field.source', render: (e) => <SourceTag source={e.source} />, filter: { type: 'select', options: sources } },
    { key: 'productName', label: 'enquiry.field.product' },
    { key: '$visitor', label: 'enquiry.field.visitor', render: (e) => visitorOf(e, t) },
    {
      key: 'content',
      label: 'enquiry.field.content',
      render: (e) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 360 }}>
          {e.content}
        </Typography.Paragraph>
      ),
    },
    { key: 'state', label: 'enquiry.field.state', render: (e) => <StateTag e={e} />, filter: { type: 'select', options: stateOptions } },
    { key: 'isSample', label: 'enquiry.field.sample', filter: { type: 'select', options: sampleOptions }, column: false },
    { key: 'keyword', label: 'enquiry.field.keyword', filter: { type: 'text' }, column: false },
  ];
}

/** /ex-live/index/enquiry (and -en): the exhibitor's inbox of approved enquiries; open, answer, close, export. */
export default function ExEnquiries() {
  const { t } = useTranslation();
  const { exhibitorId, exhibitionId } = useSession();
  const [open, setOpen] = useState<string | null>(null);
  const [filters, setFilters] = useState<ListParams['filters']>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const onFilters = useCallback((f: ListParams['filters']) => setFilters(f), []);
  const resource = useMemo(
    () =>
      defineResource<Enquiry>({
        name: 'enquiries',
        rowKey: 'id',
        queryKey: (params) => enquiryKeys.list({ exhibitorId, ...params }),
        fetch: ({ pageIndex, pageSize, filters: f }) => enquiryApi.page({ pageIndex, pageSize, ...filtersOf(f) }),
        fields: [
          ...enquiryFields(t, sourceOptions),
        ],
      }),
    [exhibitorId, t],
  );
  if (!exhibitorId || !exhibitionId) return <Alert type="warning" showIcon title={t('enquiry.missingExhibitor')} />;
  const startExport = async () => {
    setExporting(true);
    try {
      setJobId((await enquiryApi.export(filtersOf(filters))).id);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };
  const actions = (e: Enquiry) => (
    <Button type="link" icon={<EyeOutlined />} onClick={() => setOpen(e.id)} data-testid={`enquiry-open-${e.id}`}>
      {t('enquiry.action.open')}
    </Button>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('enquiry.intro.inbox')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={actions}
        onFilters={onFilters}
        extra={
          <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void startExport()} data-testid="enquiry-export">
            {t('enquiry.action.export')}
          </Button>
        }
      />
      {jobId && <EnquiryExportBar key={jobId} id={jobId} />}
      {open && <EnquiryDrawer id={open} canReply onClose={() => setOpen(null)} />}
    </Space>
  );
}
