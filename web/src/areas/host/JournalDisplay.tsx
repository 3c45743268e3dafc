import { journalLayouts, productSorts } from '@pavilion/contract';
import { Form, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExhibitionSettingsScreen } from './productSettings.tsx';

/**
 * /live/index/journal-display: how the visitor site shows the catalogue (exhibitors and their
 * products). The product order is applied by the visitor product read at once; the layout and the
 * two switches are read by the visitor site.
 */
export default function JournalDisplay() {
  const { t } = useTranslation();
  return (
    <ExhibitionSettingsScreen keys={['journalDisplay'] as const} intro="proHost.journal.intro" name="journalDisplay">
      {() => (
        <>
          <Form.Item name={['journalDisplay', 'layout']} label={t('proHost.journal.layout')}>
            <Radio.Group data-testid="journal-layout" options={journalLayouts.map((v) => ({ value: v, label: t(`proHost.journal.layouts.${v}`) }))} />
          </Form.Item>
          <Form.Item name={['journalDisplay', 'productSort']} label={t('proHost.journal.productSort')}>
            <Select style={{ maxWidth: 320 }} data-testid="journal-sort" options={productSorts.map((v) => ({ value: v, label: t(`proHost.journal.productSorts.${v}`) }))} />
          </Form.Item>
          <Form.Item name={['journalDisplay', 'showProductCount']} label={t('proHost.journal.showProductCount')} valuePropName="checked">
            <Switch data-testid="journal-product-count" />
          </Form.Item>
          <Form.Item name={['journalDisplay', 'showEnquiryButton']} label={t('proHost.journal.showEnquiryButton')} valuePropName="checked">
            <Switch data-testid="journal-enquiry" />
          </Form.Item>
        </>
      )}
    </ExhibitionSettingsScreen>
  );
}
