import { AppstoreOutlined, BgColorsOutlined, LayoutOutlined, PictureOutlined, TeamOutlined } from '@ant-design/icons';
import type { ExhibitionSettingsAnswer } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { hostExhibitionApi, hostExhibitionKeys, useExhibitionSettings } from '../../api/host-exhibition.ts';
import { feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { IconTitle } from '../../components/IconTitle.tsx';
import { useSession } from '../../session/store.ts';
import { displayPatch, editedKeys, featureKeys, themeColors, themeIds, type DisplayValues } from './exDisplay.ts';
import { boothLinkExample } from './exhibitorLinks.ts';
import { ImageField } from './ImageField.tsx';

const pick = (s: ExhibitionSettingsAnswer): DisplayValues => Object.fromEntries(editedKeys.map((k) => [k, s[k]])) as DisplayValues;

function Swatch({ color }: { color: string }) {
  return <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 3, background: color, marginInlineEnd: 8, verticalAlign: -1 }} />;
}

function GridInput({ name }: { name: 'homeActivity' | 'homeExhibitorLogo' }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const col = (Form.useWatch([name, 'col'], form) as number | null) ?? 0;
  const row = (Form.useWatch([name, 'row'], form) as number | null) ?? 0;
  return (
    <Form.Item label={t(`hostExh.display.${name}`)} extra={t('hostExh.display.gridHint', { col, row, count: col * row })}>
      <Space>
        <Form.Item name={[name, 'col']} noStyle>
          <InputNumber min={0} max={20} precision={0} prefix={t('hostExh.display.col')} aria-label={`${t(`hostExh.display.${name}`)} ${t('hostExh.display.col')}`} style={{ width: 130 }} />
        </Form.Item>
        <span>×</span>
        <Form.Item name={[name, 'row']} noStyle>
          <InputNumber min={0} max={20} precision={0} prefix={t('hostExh.display.row')} aria-label={`${t(`hostExh.display.${name}`)} ${t('hostExh.display.row')}`} style={{ width: 130 }} />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}

function DisplayForm({ exhibitionId, settings }: { exhibitionId: string; settings: ExhibitionSettingsAnswer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DisplayValues>();
  const [saving, setSaving] = useState(false);
  const initial = pick(settings);
  const limited = Form.useWatch('enabledExhibitorLimitNumber', form) as boolean | undefined;
  const boothLink = Form.useWatch('boothLink', form) as string | undefined;
  const themeId = settings.themeId;
  const themeOptions = [
    ...themeIds.map((id) => ({ value: id, label: <><Swatch color={themeColors[id]} />{t(`hostExh.display.theme.${id}`)}</> })),
    ...(themeId && !(themeIds as readonly string[]).includes(themeId) ? [{ value: themeId, label: <>{t('hostExh.display.themeCustom', { id: themeId })}</> }] : []),
  ];
  const example = boothLinkExample(boothLink, exhibitionId, window.location.origin);

  const save = async (values: DisplayValues) => {
    const patch = displayPatch(initial, values);
    if (Object.keys(patch).length === 0) {
      feedback.message().info(t('hostExh.display.unchanged'), MESSAGE_SECONDS);
      return;
    }
    setSaving(true);
    try {
      const saved = await hostExhibitionApi.patchSettings(exhibitionId, patch);
      queryClient.setQueryData(hostExhibitionKeys.settings(exhibitionId), saved);
      await queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.settings(exhibitionId) });
      feedback.message().success(t('hostExh.display.saved'), MESSAGE_SECONDS);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  const switchItem = (name: (typeof editedKeys)[number], label: string) => (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch />
    </Form.Item>
  );

  return (
    <Form form={form} name="ex-display" layout="vertical" initialValues={initial} onFinish={save}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('hostExh.display.intro')} />
        <Card variant="borderless" title={<IconTitle icon={<BgColorsOutlined />}>{t('hostExh.display.group.style')}</IconTitle>}>
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Form.Item name="themeId" label={t('hostExh.display.themeId')}>
                <Select allowClear options={themeOptions} placeholder={t('hostExh.display.theme.default')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name="boothLink"
                label={t('hostExh.display.boothLink')}
                rules={[{ max: 2000 }]}
                extra={
                  <>
                    <div>{t('hostExh.display.boothLinkHelp')}</div>
                    {example && <Typography.Text type="secondary" data-testid="booth-link-example">{t('hostExh.display.boothLinkPreview', { link: example })}</Typography.Text>}
                  </>
                }
              >
                <Input allowClear placeholder="https://expo.example.com/booth/{id}" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            <Card variant="borderless" style={{ height: '100%' }} title={<IconTitle icon={<TeamOutlined />}>{t('hostExh.display.group.limit')}</IconTitle>}>
              {switchItem('enabledExhibitorLimitNumber', t('hostExh.display.enabledExhibitorLimitNumber'))}
              <Form.Item name="exhibitorLimitNumber" label={t('hostExh.display.exhibitorLimitNumber')} extra={t('hostExh.display.exhibitorLimitHelp')}>
                <InputNumber min={0} max={1_000_000} precision={0} disabled={!limited} style={{ width: 200 }} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} xl={14}>
            <Card variant="borderless" style={{ height: '100%' }} title={<IconTitle icon={<LayoutOutlined />}>{t('hostExh.display.group.home')}</IconTitle>}>
              <Row gutter={24}>
                <Col xs={24} md={12}>
                  <GridInput name="homeActivity" />
                </Col>
                <Col xs={24} md={12}>
                  <GridInput name="homeExhibitorLogo" />
                </Col>
                <Col xs={12} md={6}>
                  {switchItem('showExhibitorCount', t('hostExh.display.showExhibitorCount'))}
                </Col>
                <Col xs={12} md={6}>
                  {switchItem('showViewCount', t('hostExh.display.showViewCount'))}
                </Col>
                <Col xs={12} md={6}>
                  {switchItem('enabledCustomQuick', t('hostExh.display.enabledCustomQuick'))}
                </Col>
                <Col xs={12} md={6}>
                  {switchItem('enabledCustomMTab', t('hostExh.display.enabledCustomMTab'))}
                </Col>
              </Row>
            </Card>
          </Col>
        </Row>
        <Card variant="borderless" title={<IconTitle icon={<PictureOutlined />}>{t('hostExh.display.group.logos')}</IconTitle>}>
          <Row gutter={24}>
            {(['exhibitorWebLogo', 'exhibitorWapLogo', 'exhibitorBackstageLogo'] as const).map((key) => (
              <Col xs={24} lg={8} key={key}>
                <Form.Item name={key} label={t(`hostExh.display.${key}`)}>
                  <ImageField />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        <Card variant="borderless" title={<IconTitle icon={<AppstoreOutlined />}>{t('hostExh.display.group.features')}</IconTitle>}>
          <Row gutter={[24, 0]}>
            {featureKeys.map((key) => (
              <Col xs={12} md={8} xl={6} key={key}>
                {switchItem(key, t(`hostExh.display.feature.${key}`))}
              </Col>
            ))}
          </Row>
        </Card>
        <Card variant="borderless">
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="ex-display-save">
              {t('hostExh.display.save')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('hostExh.display.reset')}</Button>
          </Space>
        </Card>
      </Space>
    </Form>
  );
}

/** /live/index/manage/ex-display: the Display group and the feature toggles of the current exhibition's configuration. */
export default function ManageExDisplay() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const settings = useExhibitionSettings(exhibitionId);
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostExh.noExhibition')} />;
  if (!settings.data) return <Skeleton active />;
  return <DisplayForm key={`${exhibitionId}-${settings.dataUpdatedAt}`} exhibitionId={exhibitionId} settings={settings.data} />;
}
