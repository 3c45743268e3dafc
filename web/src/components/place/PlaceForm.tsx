import { UploadOutlined } from '@ant-design/icons';
import { MAX_PLACE_DRAWINGS, type PlaceRecord } from '@pavilion/contract';
import { Alert, Button, Col, Divider, Form, Input, InputNumber, Radio, Row, Upload, type FormRule } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeApi, type PlaceSave } from '../../api/place.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { errorMessage } from '../feedback.tsx';
import { showFormError } from '../forms.ts';
import { toFormValues, toSaveBody, validPhone, type PlaceFormValues } from './placeForm.ts';

/**
 * The booth build-up form, shared by the exhibitor's `place` page and the host's drawer. A raw
 * space needs its contractor and a drawing (the server's rule, asked here first).
 */
export function PlaceForm({ initial, submitText, onSave, disabled }: { initial: PlaceRecord | null | undefined; submitText: string; onSave: (body: PlaceSave) => Promise<unknown>; disabled?: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlaceFormValues>();
  const [saving, setSaving] = useState(false);
  const raw = Form.useWatch('boothType', form) === 'raw';

  useEffect(() => {
    form.setFieldsValue(toFormValues(initial));
  }, [initial, form]);

  const need = (field: MessageKey): FormRule => ({ required: raw, whitespace: true, message: t('place.required', { field: t(field) }) });
  const phone: FormRule = { validator: async (_r, v: string) => { if (!validPhone(v)) throw new Error(t('place.phoneInvalid')); } };

  const submit = async (values: PlaceFormValues) => {
    setSaving(true);
    try {
      await onSave(toSaveBody(values));
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" name="place" disabled={disabled || saving} onFinish={submit} initialValues={toFormValues(initial)} style={{ maxWidth: 760 }}>
      <Form.Item name="boothType" label={t('place.field.boothType')} rules={[{ required: true }]}>
        <Radio.Group optionType="button" buttonStyle="solid" options={[{ value: 'standard', label: t('place.boothType.standard') }, { value: 'raw', label: t('place.boothType.raw') }]} />
      </Form.Item>
      <Alert type="info" showIcon title={t(raw ? 'place.rawHint' : 'place.standardHint')} style={{ marginBottom: 16 }} />
      <Divider titlePlacement="start">{t('place.contractorSection')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={24}>
          <Form.Item name="contractorName" label={t('place.field.contractorName')} rules={[need('place.field.contractorName'), { max: 200 }]}>
            <Input data-testid="place-contractorName" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="contractorContact" label={t('place.field.contractorContact')} rules={[need('place.field.contractorContact'), { max: 50 }]}>
            <Input data-testid="place-contractorContact" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="contractorPhone" label={t('place.field.contractorPhone')} rules={[need('place.field.contractorPhone'), phone]}>
            <Input inputMode="tel" data-testid="place-contractorPhone" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('place.siteSection')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="siteManager" label={t('place.field.siteManager')} rules={[{ max: 50 }]}>
            <Input data-testid="place-siteManager" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="siteManagerPhone" label={t('place.field.siteManagerPhone')} rules={[phone]}>
            <Input inputMode="tel" data-testid="place-siteManagerPhone" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="powerKw" label={t('place.field.powerKw')}>
            <InputNumber min={0} max={10000} step={1} style={{ width: '100%' }} data-testid="place-powerKw" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label={t('place.field.remark')} rules={[{ max: 2000 }]}>
        <Input.TextArea rows={3} placeholder={t('place.remarkPlaceholder')} data-testid="place-remark" />
      </Form.Item>
      <Form.Item
        name="drawings"
        label={t('place.field.drawings')}
        extra={t('place.drawingsHint', { max: MAX_PLACE_DRAWINGS })}
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: PlaceFormValues['drawings'] }) => e.fileList}
        rules={[{ validator: async (_r, files: PlaceFormValues['drawings'] | undefined) => { if (raw && !files?.some((f) => f.status === 'done')) throw new Error(t('place.drawingsRequired')); } }]}
      >
        <Upload
          maxCount={MAX_PLACE_DRAWINGS}
          multiple
          customRequest={async ({ file, onSuccess, onError }) => {
            try {
              const uploaded = await placeApi.uploadDrawing(file as File);
              onSuccess?.(uploaded);
            } catch (error) {
              onError?.(new Error(errorMessage(error)));
            }
          }}
          onChange={({ file }) => {
            if (file.status === 'done' && file.response) file.url = (file.response as { url: string }).url;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="place-upload">
            {t('place.upload')}
          </Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="place-submit">
        {submitText}
      </Button>
    </Form>
  );
}
