import { EditOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { AuditState, type Product, type ProductPageQuery } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostAuditApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { productApi, productKeys, useProductCategories } from '../../api/products.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { AuthenticateSwitch } from './ProductAuthentication.tsx';
import { useSession } from '../../session/store.ts';
import { categoryName, ProductCover } from '../exhibitor/productForm.tsx';
import { AuditDetailDrawer } from './audit/AuditDetailDrawer.tsx';
import { AuditToolbar, useAuditDecide } from './audit/AuditToolbar.tsx';
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

/** The host's product screens: an exhibitor's products, and the form on its behalf (`back`: where saving returns). */
export const exhibitorProductsPath = (exhibitorId: string) => `/live/index/admin/exhibitor-pro?exhibitorId=${exhibitorId}`;
export const productEditPath = (id: string, from: 'product' | 'exhibitor') => `/live/index/admin/${from === 'product' ? 'product-edit' : 'proEdit'}?id=${id}`;

/**
 * Show/hide and approve/reject of the selected products: the bulk calls, all or none. Review applies to
 * the pending ones among the selection (the others have nothing to decide).
 */
export function useProductBulk() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Product[]>([]);
  const clear = () => setSelected([]);
  const decide = useAuditDecide(productApi.decide, [productKeys.all, hostExhibitorKeys.all], clear);
  const ids = selected.map((p) => p.id);
  const pending = selected.filter((p) => p.auditState === AuditState.Pending).map((p) => p.id);
  const show = async (isShow: boolean) => {
    try {
      const { updated } = await productApi.showMany(ids, isShow);
      clear();
      await Promise.all([productKeys.all, hostExhibitorKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      feedback.message().success(t(isShow ? 'proHost.bulk.shown' : 'proHost.bulk.hidden', { count: updated }), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  const rowSelection = { selectedRowKeys: ids as Key[], onChange: (_keys: Key[], rows: Product[]) => setSelected(rows.filter(Boolean)), preserveSelectedRowKeys: true };
  const actions = (
    <Space wrap data-testid="product-bulk">
      {ids.length > 0 && <Typography.Text type="secondary">{t('proHost.bulk.selected', { count: ids.length })}</Typography.Text>}
      <Button icon={<EyeOutlined />} disabled={!ids.length} onClick={() => void show(true)} data-testid="product-bulk-show">
        {t('proHost.bulk.show')}
      </Button>
      <Popconfirm title={t('proHost.bulk.hide')} onConfirm={() => show(false)} disabled={!ids.length} okButtonProps={{ 'data-testid': 'product-bulk-hide-confirm' }}>
        <Button icon={<EyeInvisibleOutlined />} disabled={!ids.length} data-testid="product-bulk-hide">
          {t('proHost.bulk.hide')}
        </Button>
      </Popconfirm>
      <AuditToolbar variant="bulk" ids={pending} decide={decide} testIds={{ approve: 'product-bulk-approve', reject: 'product-bulk-reject' }} />
      {pending.length > 0 && pending.length < ids.length && (
        <Typography.Text type="warning" data-testid="product-bulk-pending-only">
          {t('proHost.bulk.pendingOnly', { count: ids.length - pending.length })}
        </Typography.Text>
      )}
    </Space>
  );
  return { rowSelection, actions };
}

/** /live/index/admin/product: every product of the current exhibition; search, select to show, hide or review in bulk, open one to review it. */
export default function Products() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const [viewing, setViewing] = useState<string | null>(null);
  const decide = useAuditDecide(hostAuditApi.decide, [productKeys.all], () => undefined);
  const bulk = useProductBulk();
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
        { key: 'exhibitorId', label: 'products.field.exhibitor', render: (row) => <Link to={exhibitorProductsPath(row.exhibitorId)} data-testid={`product-exhibitor-${row.id}`}>{row.companyName}</Link>, filter: { type: 'choices', choices: (exhibitors.data?.items ?? []).map((e) => ({ value: e.id, text: e.company.name })) } },
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
      <Typography.Text type="secondary">
        {t('products.hostIntro')} <Link to="/live/index/admin/pro-task" data-testid="product-import-link">{t('products.import.open')}</Link>
      </Typography.Text>
      <ResourceTable
        resource={resource}
        rowSelection={bulk.rowSelection}
        extra={bulk.actions}
        actions={(row) => (
          <>
            <Button type="link" icon={<EyeOutlined />} onClick={() => setViewing(row.id)} data-testid={`product-view-${row.id}`}>
              {t('products.action.view')}
            </Button>
            <Link to={productEditPath(row.id, 'product')}>
              <Button type="link" icon={<EditOutlined />} data-testid={`product-edit-${row.id}`}>
                {t('proHost.action.edit')}
              </Button>
            </Link>
          </>
        )}
      />
      <AuditDetailDrawer target={viewing ? { type: 'product', id: viewing } : null} onClose={() => setViewing(null)} decide={decide} idsOf={(d) => [d.record.id]} />
    </Space>
  );
}
