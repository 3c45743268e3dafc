import { FileProtectOutlined, SettingOutlined } from '@ant-design/icons';
import { auditSwitchTypes, boothPageUrl, type AuditSwitchType } from '@pavilion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Skeleton, Space, Switch, Table, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorServicesApi, exhibitorServicesKeys, useExhibitionSettingsOf, usePolicy } from '../../api/exhibitorServices.ts';
import { hostExhibitionKeys } from '../../api/host-exhibition.ts';
import { hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { IconTitle } from '../../components/IconTitle.tsx';
import { useSession } from '../../session/store.ts';
import { exSetPatch, exSetValuesOf, type ExSetValues } from './exSet.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import { EvaluateTagsCard } from './EvaluateTagsCard.tsx';

const switchItem = (name: string | string[], label: string) => (
  <Form.Item name={name} label={label} valuePropName="checked">
    <Switch />
  </Form.Item>
);

function SettingsForm({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useExhibitionSettingsOf(exhibitionId);
  const [form] = Form.useForm<ExSetValues>();
  const boothLink = Form.useWatch('boothLink', form);
  const limitOn = Form.useWatch('enabledExhibitorLimitNumber', form);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(exSetValuesOf(settings.data));
  }, [settings.data, form]);

  const save = useMutation({
    mutationFn: async (values: ExSetValues) => {
      const patch = exSetPatch(exSetValuesOf(settings.data!), values);
      if (Object.keys(patch).length === 0) return null;
      return exhibitorServicesApi.patchExhibitionSettings(exhibitionId, patch);
    },
    onSuccess: (saved) => {
      if (!saved) {
        feedback.message().info(t('exSvc.set.unchanged'), MESSAGE_SECONDS);
        return;
      }
      queryClient.setQueryData(exhibitorServicesKeys.exhibitionSettings(exhibitionId), saved);
      void queryClient.invalidateQueries({ queryKey: hostExhibitionKeys.settings(exhibitionId) });
      void queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.settings(exhibitionId) });
      feedback.message().success(t('common.saved'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(form, error),
  });

  if (settings.isPending) return <Skeleton active />;
  const example = boothPageUrl(boothLink, { exhibitorId: 'EXHIBITOR_ID', exhibitionId }, window.location.origin);
  const auditRows = auditSwitchTypes.map((type) => ({ type }));

  return (
    <Form form={form} layout="vertical" name="exSet" onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
      <Card variant="borderless" title={t('exSvc.set.auditTitle')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('exSvc.set.auditIntro')}</Typography.Paragraph>
        <Table<{ type: AuditSwitchType }>
          rowKey="type"
          size="small"
          pagination={false}
          dataSource={auditRows}
          columns={[
            { key: 'type', title: t('exSvc.set.auditType'), render: (_, r) => t(`exSvc.set.types.${r.type}`) },
            {
              key: 'auto',
              title: t('exSvc.set.autoAudit'),
              render: (_, r) => (
                <Form.Item name={`enabledAutoAudit${r.type}`} valuePropName="checked" noStyle>
                  <Switch size="small" aria-label={`${t(`exSvc.set.types.${r.type}`)} · ${t('exSvc.set.autoAudit')}`} data-testid={`autoAudit-${r.type}`} />
                </Form.Item>
              ),
            },
            {
              key: 'appointment',
              title: t('exSvc.set.auditAppointment'),
              render: (_, r) => (
                <Form.Item name={`enabledAuditAppointment${r.type}`} valuePropName="checked" noStyle>
                  <Switch size="small" aria-label={`${t(`exSvc.set.types.${r.type}`)} · ${t('exSvc.set.auditAppointment')}`} />
                </Form.Item>
              ),
            },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={t('exSvc.set.limitsTitle')} style={{ marginBottom: 16 }}>
            <Form.Item name="exhibitorCategoryNumber" label={t('exSvc.set.exhibitorCategoryNumber')}>
              <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="productImageUploadNumber" label={t('exSvc.set.productImageUploadNumber')}>
              <InputNumber min={0} max={50} precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="exhibitorsLoadProductNumber" label={t('exSvc.set.exhibitorsLoadProductNumber')}>
              <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} />
            </Form.Item>
            {switchItem('enabledUploadProductVideo', t('exSvc.set.enabledUploadProductVideo'))}
            {switchItem('enabledExhibitorLimitNumber', t('exSvc.set.enabledExhibitorLimitNumber'))}
            <Form.Item name="exhibitorLimitNumber" label={t('exSvc.set.exhibitorLimitNumber')} hidden={!limitOn}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={t('exSvc.set.featuresTitle')} style={{ marginBottom: 16 }}>
            {switchItem('enabledExhibitorCorrection', t('exSvc.set.enabledExhibitorCorrection'))}
            {switchItem('enabledExhibitorLive', t('exSvc.set.enabledExhibitorLive'))}
            {switchItem('enabledContacts', t('exSvc.set.enabledContacts'))}
            <Form.Item
              name="boothLink"
              label={t('exSvc.set.boothLink')}
              extra={
                <>
                  <div>{t('exSvc.set.boothLinkHint')}</div>
                  {example && <div data-testid="booth-link-example">{t('exSvc.set.boothLinkExample', { link: example })}</div>}
                </>
              }
              rules={[{ max: 2000 }]}
            >
              <Input placeholder="https://expo.example.com/booth/{id}" data-testid="exset-booth-link" />
            </Form.Item>
          </Card>
          <Card variant="borderless" title={t('exSvc.set.sayHelloTitle')} style={{ marginBottom: 16 }}>
            <Space wrap>
              <Form.Item name={['sayHello', 'dayFromNumber']} label={t('exSvc.set.sayHelloFrom')}>
                <InputNumber min={0} max={3650} precision={0} />
              </Form.Item>
              <Form.Item name={['sayHello', 'dayToNumber']} label={t('exSvc.set.sayHelloTo')}>
                <InputNumber min={0} max={3650} precision={0} />
              </Form.Item>
              {switchItem(['sayHello', 'enabledToRepeat'], t('exSvc.set.sayHelloRepeat'))}
            </Space>
          </Card>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="exset-save">
        {t('exSvc.set.save')}
      </Button>
    </Form>
  );
}

interface PolicyValues {
  content: string;
  contentEn: string;
}

function PolicyForm({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const policy = usePolicy(exhibitionId);
  const [form] = Form.useForm<PolicyValues>();

  useEffect(() => {
    if (policy.data) form.setFieldsValue({ content: policy.data.content, contentEn: policy.data.contentEn });
  }, [policy.data, form]);

  const save = useMutation({
    mutationFn: (v: PolicyValues) => exhibitorServicesApi.savePolicy(exhibitionId, { content: v.content ?? '', contentEn: v.contentEn ?? '' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(exhibitorServicesKeys.policy(exhibitionId), saved);
      form.setFieldsValue({ content: saved.content, contentEn: saved.contentEn });
      feedback.message().success(t('exSvc.set.policySaved'), MESSAGE_SECONDS);
    },
    onError: (error) => showFormError(form, error),
  });

  return (
    <Card variant="borderless" title={<IconTitle icon={<FileProtectOutlined />}>{t('exSvc.set.policyTitle')}</IconTitle>}>
      <Typography.Paragraph type="secondary">{t('exSvc.set.policyIntro')}</Typography.Paragraph>
      {policy.isPending ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" name="policy" onFinish={(v) => save.mutate(v)}>
          <Tabs
            items={[
              {
                key: 'zh',
                label: t('exSvc.set.policyZh'),
                forceRender: true,
                children: (
                  <Form.Item name="content">
                    <RichTextEditor testId="policy-editor-zh" label={t('exSvc.set.policyZh')} />
                  </Form.Item>
                ),
              },
              {
                key: 'en',
                label: t('exSvc.set.policyEn'),
                forceRender: true,
                children: (
                  <Form.Item name="contentEn">
                    <RichTextEditor testId="policy-editor-en" label={t('exSvc.set.policyEn')} />
                  </Form.Item>
                ),
              },
            ]}
          />
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="policy-save">
            {t('exSvc.set.savePolicy')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

/** /live/index/ex-set: the exhibitor-related configuration of the current exhibition, and its participation policy. */
export default function ExSettings() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  if (!exhibitionId) return <Alert type="info" showIcon title={t('exSvc.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" className="page" style={{ width: '100%' }}>
      <Card variant="borderless" title={<IconTitle icon={<SettingOutlined />}>{t('exSvc.route.exSet')}</IconTitle>}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('exSvc.set.intro')}
        </Typography.Paragraph>
      </Card>
      <SettingsForm exhibitionId={exhibitionId} />
      <PolicyForm exhibitionId={exhibitionId} />
      <EvaluateTagsCard exhibitionId={exhibitionId} />
    </Space>
  );
}
