import { productFieldModes, productFormFields, type ProductFormField } from '@pavilion/contract';
import { Form, Radio, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/index.ts';
import { ExhibitionSettingsScreen } from './productSettings.tsx';

const labels: Record<ProductFormField, MessageKey> = {
  nameEn: 'products.field.nameEn',
  categoryId: 'products.field.category',
  pictures: 'products.field.pictures',
  introductionZh: 'products.field.introductionZh',
  introductionEn: 'products.field.introductionEn',
  view3DUrl: 'products.field.view3DUrl',
};

/**
 * /live/index/basic/product: how the exhibitor's product form asks each optional field (optional,
 * required, hidden). The exhibitor's form follows it, and the server refuses an exhibitor's save
 * that leaves a required field empty.
 */
export default function BasicProduct() {
  const { t } = useTranslation();
  return (
    <ExhibitionSettingsScreen keys={['productForm'] as const} intro="proHost.basic.intro" name="basicProduct">
      {() => (
        <Table<{ field: ProductFormField }>
          rowKey="field"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={productFormFields.map((field) => ({ field }))}
          columns={[
            { key: 'field', title: t('proHost.basic.field'), render: (_, r) => t(labels[r.field]) },
            {
              key: 'mode',
              title: t('proHost.basic.mode'),
              render: (_, r) => (
                <Form.Item name={['productForm', r.field]} noStyle>
                  <Radio.Group
                    optionType="button"
                    aria-label={t(labels[r.field])}
                    data-testid={`basic-product-${r.field}`}
                    options={productFieldModes.map((mode) => ({ value: mode, label: t(`proHost.basic.modes.${mode}`) }))}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
      )}
    </ExhibitionSettingsScreen>
  );
}
