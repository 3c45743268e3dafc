import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { AuditState, CERTIFICATE_PICTURE_LIMIT, PRODUCT_CERTIFICATE_LIMIT, type ProductCertificate } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Form, Image, Input, List, Popconfirm, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { certificateApi, productKeys, useCertificateQualities, useCertificates } from '../../api/products.ts';
import { DatePicker } from '../../components/DatePicker.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { langOfPath } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { AuditCell } from './AuditStatus.tsx';
import { categoryName, ProductPictures } from './productForm.tsx';
import { QuotaCard } from './QuotaCard.tsx';

type Values = { qualityId?: string; name: string; issuer?: string; validUntil?: Dayjs | null; pictures: string[] };

/** /ex-live/index/set/certificate (and -en): the exhibitor's product certificates, each reviewed by the host before a product can carry it. */
export default function ExCertificates() {
  const { t } = useTranslation();
  const en = langOfPath(useLocation().pathname) === 'en';
  const queryClient = useQueryClient();
  const { exhibitorId, exhibitionId } = useSession();
  const list = useCertificates(exhibitorId);
  const qualities = useCertificateQualities(exhibitionId);
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<ProductCertificate | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  if (!exhibitorId) return <Alert type="warning" showIcon title={t('products.missingExhibitor')} />;
  const items = list.data?.items ?? [];
  const full = items.length >= PRODUCT_CERTIFICATE_LIMIT;
  const kindOf = (id: string | null) => {
    const found = id ? qualities.data?.items.find((q) => q.id === id) : undefined;
    return found ? categoryName(found, en) : null;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
  const open = (c: ProductCertificate | 'new') => {
    setEditing(c);
    form.setFieldsValue(
      c === 'new'
        ? { qualityId: undefined, name: '', issuer: '', validUntil: null, pictures: [] }
        : { qualityId: c.qualityId ?? undefined, name: c.name, issuer: c.issuer ?? '', validUntil: c.validUntil ? dayjs(c.validUntil) : null, pictures: c.pictures },
    );
  };
  const save = async (v: Values) => {
    setSaving(true);
    try {
      const body = { qualityId: v.qualityId ?? null, name: v.name.trim(), issuer: v.issuer?.trim() || null, validUntil: v.validUntil ? v.validUntil.format('YYYY-MM-DD') : null, pictures: v.pictures };
      if (editing === 'new') await certificateApi.create(body);
      else if (editing) await certificateApi.update(editing.id, body);
      setEditing(null);
      await refresh();
      feedback.message().success(t('catalogue.certificates.submitted'), MESSAGE_SECONDS);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };
  const remove = async (c: ProductCertificate) => {
    try {
      await certificateApi.remove(c.id);
      await refresh();
      feedback.message().success(t('catalogue.certificates.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  return (
    <Space orientation="vertical" size="large" className="page" style={{ width: '100%' }}>
      <QuotaCard testId="certificate" intro={t('catalogue.certificates.intro')} count={t('catalogue.certificates.count', { count: items.length, max: PRODUCT_CERTIFICATE_LIMIT })} addLabel={t('catalogue.certificates.add')} full={full} busy={list.isPending} onAdd={() => open('new')} />
      <List
        grid={{ gutter: 16, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        loading={list.isFetching}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('catalogue.certificates.empty')} /> }}
        renderItem={(c) => (
          <List.Item>
            <Card
              data-testid={`certificate-${c.id}`}
              cover={c.pictures[0] ? <Image src={c.pictures[0]} height={160} style={{ objectFit: 'contain', background: '#fafafa' }} alt={c.name} /> : undefined}
              actions={[
                <Button key="edit" type="text" icon={<EditOutlined />} aria-label={t('catalogue.certificates.edit')} title={t('catalogue.certificates.edit')} onClick={() => open(c)} data-testid={`certificate-edit-${c.id}`} />,
                <Popconfirm key="delete" title={t('catalogue.certificates.confirmDelete', { name: c.name })} onConfirm={() => remove(c)} okButtonProps={{ danger: true }}>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('products.action.delete')} title={t('products.action.delete')} data-testid={`certificate-delete-${c.id}`} />
                </Popconfirm>,
              ]}
            >
              <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                <Typography.Text strong>{c.name}</Typography.Text>
                {kindOf(c.qualityId) && <Typography.Text type="secondary">{kindOf(c.qualityId)}</Typography.Text>}
                {c.issuer && <Typography.Text type="secondary">{t('catalogue.certificates.issuedBy', { issuer: c.issuer })}</Typography.Text>}
                <Typography.Text type="secondary">{c.validUntil ? t('catalogue.certificates.validUntil', { date: c.validUntil }) : t('catalogue.certificates.noEnd')}</Typography.Text>
                <AuditCell item={c} reasonTestId="certificate-reason" />
                {c.auditState === AuditState.Approved && <Typography.Text type="success">{t('catalogue.certificates.usable')}</Typography.Text>}
              </Space>
            </Card>
          </List.Item>
        )}
      />
      <Drawer open={editing !== null} title={t(editing === 'new' ? 'catalogue.certificates.add' : 'catalogue.certificates.edit')} onClose={() => setEditing(null)} size={560} forceRender>
        <Form form={form} layout="vertical" name="certificate" onFinish={save}>
          <Form.Item name="qualityId" label={t('catalogue.field.quality')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('catalogue.certificates.qualityHint')} options={(qualities.data?.items ?? []).map((q) => ({ value: q.id, label: categoryName(q, en) }))} data-testid="certificate-quality" />
          </Form.Item>
          <Form.Item name="name" label={t('catalogue.field.certificateName')} rules={[{ required: true, whitespace: true, message: t('form.required', { label: t('catalogue.field.certificateName') }) }, { max: 100 }]}>
            <Input data-testid="certificate-name" />
          </Form.Item>
          <Form.Item name="issuer" label={t('catalogue.field.issuer')} rules={[{ max: 100 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="validUntil" label={t('catalogue.field.validUntil')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="pictures" label={t('catalogue.field.certificatePictures')} rules={[{ required: true, type: 'array', min: 1, message: t('form.required', { label: t('catalogue.field.certificatePictures') }) }]}>
            <ProductPictures max={CERTIFICATE_PICTURE_LIMIT} />
          </Form.Item>
          <Space>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="certificate-save">{t('exPages.submit')}</Button>
          </Space>
        </Form>
      </Drawer>
    </Space>
  );
}
