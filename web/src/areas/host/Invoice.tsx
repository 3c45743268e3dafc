import { EditOutlined, FileDoneOutlined } from '@ant-design/icons';
import type { ExhibitorInvoice } from '@pavilion/contract';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostInvoiceApi, hostServiceKeys } from '../../api/hostServices.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { SubScreenLinks } from './hostServiceShared.tsx';

/** The invoice-detail fields, in form order. */
export const INVOICE_FIELDS = ['type', 'title', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone', 'receiverName', 'receiverPhone', 'receiverEmail', 'receiverAddress', 'remark'] as const;

/** Search form → the contract's invoice list query. */
export const invoiceQueryOf = (exhibitionId: string, filters: Readonly<Record<string, string>>) => ({
  exhibitionId,
  keyword: filters.$keyword || undefined,
  type: filters.type === 'normal' || filters.type === 'special' ? (filters.type as 'normal' | 'special') : undefined,
});

function InvoiceType({ type }: { type: ExhibitorInvoice['type'] }) {
  const { t } = useTranslation();
  if (!type) return <>{t('common.empty')}</>;
  return <Tag color={type === 'special' ? 'purple' : 'default'}>{t(`hostSvc.invoice.types.${type}`)}</Tag>;
}

function InvoiceDetails({ row }: { row: ExhibitorInvoice }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered data-testid={`invoice-details-${row.compId}`}>
      {INVOICE_FIELDS.map((k) => (
        <Descriptions.Item key={k} label={t(`hostSvc.invoice.${k}`)}>
          {k === 'type' ? <InvoiceType type={row.type} /> : row[k] || t('common.empty')}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** /live/index/admin/invoice: the invoice details of the current exhibition's exhibitors; search, details, edit; link to the hand-in list. */
export default function Invoice() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const resource = useMemo(
    () =>
      defineResource<ExhibitorInvoice>({
        name: 'invoice',
        rowKey: 'id',
        queryKey: (params) => hostServiceKeys.invoiceList({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => hostInvoiceApi.query({ pageIndex, pageSize, ...invoiceQueryOf(exhibitionId!, filters) }),
        expand: (row) => <InvoiceDetails row={row} />,
        fields: [
          { key: 'companyName', label: 'hostSvc.invoice.company', render: (row) => <Typography.Text strong>{row.companyName}</Typography.Text> },
          { key: '$keyword', label: 'hostSvc.invoice.keyword', column: false, filter: { type: 'text' } },
          { key: 'boothInfo', label: 'hostSvc.invoice.booth' },
          {
            key: 'type',
            label: 'hostSvc.invoice.type',
            render: (row) => <InvoiceType type={row.type} />,
            filter: { type: 'select', options: [
              { value: 'normal', label: 'hostSvc.invoice.types.normal' },
              { value: 'special', label: 'hostSvc.invoice.types.special' },
            ] },
          },
          { key: 'title', label: 'hostSvc.invoice.title' },
          { key: 'taxNo', label: 'hostSvc.invoice.taxNo' },
          { key: 'receiverName', label: 'hostSvc.invoice.receiverName' },
          { key: 'updateAt', label: 'hostSvc.invoice.updateAt', type: 'datetime' },
        ],
      }),
    [exhibitionId],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostSvc.noExhibition')} />;
  return (
    <ResourceTable
      resource={resource}
      extra={<SubScreenLinks links={[{ to: '/live/index/admin/invoice/task', label: 'hostSvc.invoice.tasks', icon: <FileDoneOutlined />, testId: 'invoice-task' }]} />}
      actions={(row) => (
        <Space size={0}>
          <Link to={`/live/index/admin/invoice/edit?compId=${row.compId}&name=${encodeURIComponent(row.companyName)}`}>
            <Button type="link" icon={<EditOutlined />} data-testid={`invoice-edit-${row.compId}`}>
              {t('common.edit')}
            </Button>
          </Link>
        </Space>
      )}
    />
  );
}
