import { ArrowLeftOutlined } from '@ant-design/icons';
import { invoiceContent } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { hostInvoiceApi, hostServiceKeys } from '../../api/hostServices.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ResourceForm, type FormField } from '../../components/ResourceForm.tsx';
import { type MessageKey } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { INVOICE_FIELDS } from './Invoice.tsx';

const SPECIAL_REQUIRES = new Set(['bankName', 'bankAccount', 'address', 'phone']);

/** The invoice form's fields; with the special VAT type chosen, the bank and the registered address and phone are required too. */
export const invoiceFields = (requiredMessage: (label: string) => string, label: (key: MessageKey) => string): FormField[] =>
  INVOICE_FIELDS.map((k): FormField =>
    k === 'type'
      ? { name: k, label: 'hostSvc.invoice.type', type: 'select', options: [{ value: 'normal', label: 'hostSvc.invoice.types.normal' }, { value: 'special', label: 'hostSvc.invoice.types.special' }] }
      : {
          name: k,
          label: `hostSvc.invoice.${k}`,
          type: k === 'remark' || k === 'receiverAddress' ? 'textarea' : 'text',
          ...(SPECIAL_REQUIRES.has(k)
            ? {
                rules: [
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: unknown) => {
                      if (getFieldValue('type') === 'special' && (typeof value !== 'string' || !value.trim())) throw new Error(requiredMessage(label(`hostSvc.invoice.${k}`)));
                    },
                  }),
                ],
              }
            : {}),
        },
  );

/** /live/index/admin/invoice/edit?compId=: the host edits (or fills in) an exhibitor company's invoice details. */
export default function InvoiceEdit() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const compId = search.get('compId');
  const fields = useMemo(() => invoiceFields((label) => t('form.required', { label }), (key) => t(key)), [t]);
  const name = search.get('name');
  const invoice = useQuery({ queryKey: hostServiceKeys.invoice(compId ?? ''), queryFn: () => hostInvoiceApi.get(compId!), enabled: Boolean(compId) });
  const initialValues = useMemo(() => (invoice.data ? Object.fromEntries(INVOICE_FIELDS.map((k) => [k, invoice.data[k] ?? undefined])) : {}), [invoice.data]);
  if (!compId) return <Alert type="warning" showIcon title={t('hostSvc.notFound')} />;
  const back = () => void navigate('/live/index/admin/invoice');
  return (
    <Card
      variant="borderless"
      title={name ? t('hostSvc.invoice.editTitle', { name }) : t('hostSvc.route.invoiceEdit')}
      extra={
        <Link to="/live/index/admin/invoice">
          <Button icon={<ArrowLeftOutlined />}>{t('hostSvc.back')}</Button>
        </Link>
      }
      style={{ maxWidth: 880 }}
    >
      {invoice.isPending ? (
        <Skeleton active />
      ) : invoice.isError ? (
        <Alert type="warning" showIcon title={t('hostSvc.notFound')} />
      ) : (
        <>
          <Alert type="info" showIcon title={t('hostSvc.invoice.specialHint')} style={{ marginBottom: 16 }} />
          {invoice.data.updateAt && <Typography.Paragraph type="secondary">{t('hostSvc.invoice.updatedAt', { at: formatDateTime(invoice.data.updateAt) })}</Typography.Paragraph>}
          <ResourceForm
            name="invoice-edit"
            fields={fields}
            schema={invoiceContent}
            initialValues={initialValues}
            onCancel={back}
            onSubmit={async (payload) => {
              await hostInvoiceApi.save(compId, payload);
              await Promise.all([queryClient.invalidateQueries({ queryKey: hostServiceKeys.invoices }), queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all })]);
              feedback.message().success(t('hostSvc.invoice.saved'), MESSAGE_SECONDS);
              back();
            }}
          />
        </>
      )}
    </Card>
  );
}
