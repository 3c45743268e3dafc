import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SupplyDemand, SupplyDemandKind } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { supplyDemandKeys } from '../../api/supplydemand.ts';
import { DatePicker } from '../../components/DatePicker.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { ImageField } from '../host/ImageField.tsx';

export function KindTag({ kind }: { kind: SupplyDemandKind }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'supply' ? 'green' : 'orange'}>{t(`sd.kind.${kind}`)}</Tag>;
}

/** One call of a supply-and-demand screen, then its lists refresh and the result is said; resolves whether it went through. */
export function useSdAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, done: MessageKey, values?: Record<string, unknown>): Promise<boolean> => {
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: supplyDemandKeys.all });
      feedback.message().success(String(t(done, values as never)), MESSAGE_SECONDS);
      return true;
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
      return false;
    }
  };
}

export type PostFormValues = {
  kind?: SupplyDemandKind;
  title: string;
  description: string;
  images: (string | null)[];
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  validUntil?: Dayjs | null;
};

export const postFormValues = (p: SupplyDemand | null): PostFormValues =>
  p
    ? { kind: p.kind, title: p.title, description: p.description, images: p.images, contactName: p.contactName ?? '', contactPhone: p.contactPhone ?? '', contactEmail: p.contactEmail ?? '', validUntil: p.validUntil ? dayjs(p.validUntil) : null }
    : { kind: 'supply', title: '', description: '', images: [] };

export const postBody = (v: PostFormValues) => ({
  kind: v.kind!,
  title: v.title,
  description: v.description,
  images: v.images.filter((i): i is string => Boolean(i)),
  contactName: v.contactName || null,
  contactPhone: v.contactPhone || null,
  contactEmail: v.contactEmail || null,
  validUntil: v.validUntil ? v.validUntil.toISOString() : null,
});

const MAX_IMAGES = 9;

/** The post form's fields: kind, title, description, images, contact, valid until. */
export function PostFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="kind" label={t('sd.field.kind')} rules={[{ required: true }]}>
        <Radio.Group
          options={[
            { value: 'supply', label: t('sd.kind.supply') },
            { value: 'demand', label: t('sd.kind.demand') },
          ]}
        />
      </Form.Item>
      <Form.Item name="title" label={t('sd.field.title')} rules={[{ required: true, whitespace: true, max: 100 }]}>
        <Input maxLength={100} data-testid="sd-title" />
      </Form.Item>
      <Form.Item name="description" label={t('sd.field.description')} rules={[{ required: true, whitespace: true, max: 2000 }]}>
        <Input.TextArea rows={4} maxLength={2000} showCount data-testid="sd-description" />
      </Form.Item>
      <Form.Item label={t('sd.field.images')}>
        <Form.List name="images">
          {(fields, { add, remove }) => (
            <Space wrap align="start">
              {fields.map((f) => (
                <Space key={f.key} orientation="vertical" size={0}>
                  <Form.Item name={f.name} noStyle>
                    <ImageField />
                  </Form.Item>
                  <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('sd.action.delete')} />
                </Space>
              ))}
              {fields.length < MAX_IMAGES && (
                <Button icon={<PlusOutlined />} onClick={() => add(null)}>
                  {t('sd.action.addImage')}
                </Button>
              )}
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Space wrap>
        <Form.Item name="contactName" label={t('sd.field.contactName')} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('sd.field.contactPhone')} rules={[{ max: 30 }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="contactEmail" label={t('sd.field.contactEmail')} rules={[{ type: 'email', max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Space>
      <Form.Item name="validUntil" label={t('sd.field.validUntil')}>
        <DatePicker showTime />
      </Form.Item>
    </>
  );
}
