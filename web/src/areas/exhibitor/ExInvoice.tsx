import { FileTextOutlined } from '@ant-design/icons';
import type { CompanyInvoice } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Divider, Form, Input, Radio, Row, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorPagesApi, exhibitorPagesKeys, useInvoice, type InvoiceChange } from '../../api/exhibitorPages.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { useSession } from '../../session/store.ts';
import { invoiceChanges, INVOICE_FIELDS, type InvoiceValues } from './invoiceForm.ts';

const COMPANY = ['title', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone'] as const;
const RECEIVER = ['receiverName', 'receiverPhone', 'receiverEmail', 'receiverAddress', 'remark'] as const;

/** `ExInvoice`: the company's invoice details (not audited: saved details apply at once). */
export default function ExInvoice() {
  const { t } = useTranslation();
  const { companyId } = useSession();
  const invoice = useInvoice(companyId);
  const [form] = Form.useForm<InvoiceValues>();
  const type = Form.useWatch('type', form);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (invoice.data) form.setFieldsValue(Object.fromEntries(INVOICE_FIELDS.map((k) => [k, invoice.data[k] ?? (k === 'type' ? 'normal' : '')])) as InvoiceValues);
  }, [invoice.data, form]);

  const save = useMutation({
    mutationFn: (body: InvoiceChange) => exhibitorPagesApi.saveInvoice(companyId!, body),
    onSuccess: (saved: CompanyInvoice) => {
      queryClient.setQueryData(exhibitorPagesKeys.invoice(companyId ?? ''), saved);
      feedback.message().success(t('exPages.invoice.saved'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(form, error),
  });

  const required = (k: string, on: boolean) => (on ? [{ required: true, whitespace: true, message: t('exPages.invoice.required', { label: t(`exPages.invoice.${k}` as 'exPages.invoice.title') }) }] : []);
  const needed = (k: string) => k === 'title' || k === 'taxNo' || (type === 'special' && ['bankName', 'bankAccount', 'address', 'phone'].includes(k));

  const field = (k: (typeof COMPANY)[number] | (typeof RECEIVER)[number]) => (
    <Col key={k} xs={24} md={k === 'remark' || k === 'receiverAddress' ? 24 : 12}>
      <Form.Item name={k} label={t(`exPages.invoice.${k}`)} rules={required(k, needed(k))}>
        {k === 'remark' ? <Input.TextArea rows={3} maxLength={1000} /> : <Input data-testid={`invoice-${k}`} />}
      </Form.Item>
    </Col>
  );

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<Space><FileTextOutlined />{t('exPages.route.invoice')}</Space>}>
        <Typography.Paragraph type="secondary">{t('exPages.invoice.intro')}</Typography.Paragraph>
        {invoice.isPending ? (
          <Skeleton active />
        ) : (
          <Form
            form={form}
            layout="vertical"
            disabled={save.isPending}
            onFinish={(values) => {
              const body = invoiceChanges(invoice.data ?? null, values);
              if (Object.keys(body).length === 0) feedback.message().info(t('companyProfile.unchanged'), MESSAGE_SECONDS);
              else save.mutate(body);
            }}
          >
            <Form.Item name="type" label={t('exPages.invoice.type')}>
              <Radio.Group
                options={[
                  { value: 'normal', label: t('exPages.invoice.normal') },
                  { value: 'special', label: t('exPages.invoice.special') },
                ]}
              />
            </Form.Item>
            <Divider titlePlacement="start">{t('exPages.invoice.company')}</Divider>
            <Row gutter={24}>{COMPANY.map(field)}</Row>
            <Divider titlePlacement="start">{t('exPages.invoice.receiver')}</Divider>
            <Row gutter={24}>{RECEIVER.map(field)}</Row>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="invoice-save">
              {t('common.save')}
            </Button>
          </Form>
        )}
      </Card>
    </Space>
  );
}
