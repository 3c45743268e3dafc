import { Col, Form, InputNumber, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/index.ts';
import { ExhibitionSettingsScreen } from './productSettings.tsx';

/** The contract's ranges of the two limits (packages/contract settings.ts), said in the field's error. */
export const proDisplayLimits = {
  productImageUploadNumber: { min: 0, max: 50 },
  exhibitorsLoadProductNumber: { min: 0, max: 100 },
} as const;
const keys = ['productImageUploadNumber', 'exhibitorsLoadProductNumber', 'enabledUploadProductVideo', 'enabledAutoAuditProduct'] as const;

/** /live/index/manage/pro-display: the current exhibition's product limits and display and review switches. */
export default function ProDisplay() {
  const { t } = useTranslation();
  const limit = (name: keyof typeof proDisplayLimits) => {
    const { min, max } = proDisplayLimits[name];
    const label = t(`proHost.display.${name}`);
    const message = t('proHost.display.range', { label, min, max });
    return (
      <Form.Item
        name={name}
        label={label}
        extra={t(`proHost.display.${name}Hint` as MessageKey)}
        rules={[{ required: true, message }, { type: 'integer', min, max, message }]}
      >
        <InputNumber style={{ width: 200 }} data-testid={`pro-display-${name}`} />
      </Form.Item>
    );
  };
  const toggle = (name: 'enabledUploadProductVideo' | 'enabledAutoAuditProduct') => (
    <Form.Item name={name} label={t(`proHost.display.${name}`)} extra={t(`proHost.display.${name}Hint`)} valuePropName="checked">
      <Switch data-testid={`pro-display-${name}`} />
    </Form.Item>
  );
  return (
    <ExhibitionSettingsScreen keys={keys} intro="proHost.display.intro" name="proDisplay">
      {() => (
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>{t('proHost.display.limits')}</Typography.Title>
            {limit('productImageUploadNumber')}
            {limit('exhibitorsLoadProductNumber')}
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>{t('proHost.display.switches')}</Typography.Title>
            {toggle('enabledUploadProductVideo')}
            {toggle('enabledAutoAuditProduct')}
          </Col>
        </Row>
      )}
    </ExhibitionSettingsScreen>
  );
}
