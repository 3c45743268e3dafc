import { EyeOutlined } from '@ant-design/icons';
import type { Product, ProductPageQuery } from '@pavilion/contract';
import { Alert, Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostAuditApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { productApi, productKeys, useProductCategories } from '../../api/products.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { AuthenticateSwitch } from './ProductAuthentication.tsx';
import { useSession } from '../../session/store.ts';
import { categoryName, ProductCover } from '../exhibitor/productForm.tsx';
import { AuditDetailDrawer } from './audit/AuditDetailDrawer.tsx';
import { useAuditDecide } from './audit/AuditToolbar.tsx';
import { useExhibitorOptions } from './exhibitorShared.tsx';
import { auditStateColumn, auditStateOf } from './hostServiceShared.tsx';

/** The search form's values → the contract's page query. */
export function productQueryOf(exhibitionId: string, filters: Readonly<Record<string, string>>): Partial<ProductPageQuery> & { exhibitionId: string } {
  return {
    exhibitionId,
    keyword: filters.keyword || undefined,
    categoryId: filters.categoryId || undefined,
    exhibitorId: filters.exhibitorId || undefined,
    auditState: auditStateOf(filters.auditState),
    isShow: filters.isShow ? filters.isShow === 'true' : undefined,
  };
}

/** /live/index/admin/product: every product of the current exhibition; search, show or hide, open one to review it. */
export default function Products() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const [viewing, setViewing] = useState<string | null>(null);
  const decide = useAuditDecide(hostAuditApi.decide, [productKeys.all], () => undefined);
  const categories = useProductCategories(exhibitionId);
  const exhibitors = useExhibitorOptions(exhibitionId);

  const resource = useMemo(() => {
    const cats = categories.data?.items ?? [];
    const categoryOf = (id: string | null) => {
      const found = id ? cats.find((c) => c.id === id) : undefined;
      return found ? categoryName(found, false) : t('products.noCategory');
    };
    return defineResource<Product>({
      name: 'product',
      rowKey: 'id',
      queryKey: (params) => productKeys.list({ exhibitionId, ...params }),
      fetch: ({ pageIndex, pageSize, filters }) => productApi.page({ pageIndex, pageSize, ...productQueryOf(exhibitionId!, filters) }),
      fields: [
        { key: 'keyword', label: 'products.field.keyword', filter: { type: 'text' }, column: false },
        {
          key: '$cover',
          label: 'products.field.cover',
          render: (row) => <ProductCover product={row} />,
        },
        {
          key: 'name',
          label: 'products.field.name',
          render: (row) => (
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>{row.name}</Typography.Text>
              {row.nameEn && <Typography.Text type="secondary">{row.nameEn}</Typography.Text>}
            </Space>
          ),
        },
        { key: 'exhibitorId', label: 'products.field.exhibitor', render: (row) => row.companyName, filter: { type: 'choices', choices: (exhibitors.data?.items ?? []).map((e) => ({ value: e.id, text: e.company.name })) } },
        { key: 'categoryId', label: 'products.field.category', render: (row) => categoryOf(row.categoryId), filter: { type: 'choices', choices: cats.map((c) => ({ value: c.id, text: c.parentId ? `— ${c.name}` : c.name })) } },
        auditStateColumn<Product>('products.field.auditState'),
        {
          key: 'isShow',
          label: 'products.field.isShow',
          render: (row) => (
            <ShowSwitch
              checked={row.isShow}
              save={(isShow) => productApi.show(row.id, isShow)}
              invalidate={[productKeys.all, hostExhibitorKeys.all]}
              saved={(isShow) => t(isShow ? 'products.shown' : 'products.hidden')}
              aria-label={`${t('products.field.isShow')} ${row.name}`}
              data-testid={`product-show-${row.id}`}
            />
          ),
          filter: {
            type: 'select',
            options: [
              { value: 'true', label: 'products.show.yes' },
              { value: 'false', label: 'products.show.no' },
            ],
          },
        },
        { key: 'authenticatedAt', label: 'catalogue.field.authenticated', render: (row) => <AuthenticateSwitch product={row} /> },
        { key: 'updateAt', label: 'products.field.updateAt', type: 'datetime' },
      ],
    });
  }, [exhibitionId, categories.data, exhibitors.data, t]);

  if (!exhibitionId) return <Alert type="info" showIcon title={t('products.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('products.hostIntro')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={(row) => (
          <Button type="link" icon={<EyeOutlined />} onClick={() => setViewing(row.id)} data-testid={`product-view-${row.id}`}>
            {t('products.action.view')}
          </Button>
        )}
      />
      <AuditDetailDrawer target={viewing ? { type: 'product', id: viewing } : null} onClose={() => setViewing(null)} decide={decide} idsOf={(d) => [d.record.id]} />
    </Space>
  );
}
