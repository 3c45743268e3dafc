import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Product } from '@pavilion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Grid, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useExhibitionSettingsOf } from '../../api/exhibitorServices.ts';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { productApi, productKeys, useProductCategories } from '../../api/products.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { AuditCell } from '../exhibitor/AuditStatus.tsx';
import { categoryName, ProductCover, productLimitDefaults } from '../exhibitor/productForm.tsx';
import { productEditPath, useProductBulk } from './Products.tsx';

/** The products one exhibitor may keep are few (`exhibitorsLoadProductNumber`, at most 100): one page holds them. */
const ALL = 100;

/**
 * /live/index/admin/exhibitor-pro?exhibitorId: one exhibitor's products, from the exhibitor list's
 * "products" action and the product list's exhibitor cell. The host adds and edits on the
 * exhibitor's behalf (final, no review), shows, hides, reviews and deletes.
 */
export default function ExhibitorProducts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exhibitorId = useSearchParams()[0].get('exhibitorId');
  const exhibitor = useQuery({ queryKey: hostExhibitorKeys.detail(exhibitorId ?? ''), queryFn: () => hostExhibitorApi.details(exhibitorId!), enabled: Boolean(exhibitorId) });
  const exhibitionId = exhibitor.data?.exhibitionId ?? null;
  const list = useQuery({ queryKey: productKeys.list({ exhibitorId }), queryFn: () => productApi.page({ exhibitorId: exhibitorId!, pageSize: ALL }), enabled: Boolean(exhibitorId) });
  const categories = useProductCategories(exhibitionId);
  const settings = useExhibitionSettingsOf(exhibitionId);
  const bulk = useProductBulk();
  // As ResourceTable: from antd's xl the columns share the card's width; narrower, the table scrolls inside its card.
  const wide = Grid.useBreakpoint().xl === true;

  if (!exhibitorId) return <Alert type="warning" showIcon title={t('proHost.exhibitorPro.missing')} />;
  if (exhibitor.isError) return <Alert type="error" showIcon title={errorMessage(exhibitor.error)} />;

  const products = list.data?.items ?? [];
  const count = list.data?.totalCount ?? 0;
  const max = settings.data?.exhibitorsLoadProductNumber ?? productLimitDefaults.products;
  const full = count >= max;
  const categoryOf = (id: string | null) => {
    const found = id ? categories.data?.items.find((c) => c.id === id) : undefined;
    return found ? categoryName(found, false) : t('products.noCategory');
  };
  const remove = async (row: Product) => {
    try {
      await productApi.remove(row.id);
      await Promise.all([productKeys.all, hostExhibitorKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      feedback.message().success(t('products.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  const columns: TableColumnsType<Product> = [
    { key: 'cover', title: t('products.field.cover'), render: (_, row) => <ProductCover product={row} /> },
    {
      key: 'name',
      title: t('products.field.name'),
      render: (_, row) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 280 }}>
          <Typography.Text strong>{row.name}</Typography.Text>
          {row.nameEn && <Typography.Text type="secondary">{row.nameEn}</Typography.Text>}
          <Typography.Text type="secondary">{categoryOf(row.categoryId)}</Typography.Text>
        </Space>
      ),
    },
    { key: 'audit', title: t('products.field.auditState'), render: (_, row) => <AuditCell item={row} reasonTestId="product-reason" /> },
    {
      key: 'show',
      title: t('products.field.isShow'),
      render: (_, row) => (
        <ShowSwitch
          checked={row.isShow}
          save={(isShow) => productApi.show(row.id, isShow)}
          invalidate={[productKeys.all, hostExhibitorKeys.all]}
          saved={(isShow) => t(isShow ? 'products.shown' : 'products.hidden')}
          aria-label={`${t('products.field.isShow')} ${row.name}`}
          data-testid={`product-show-${row.id}`}
        />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => (
        <Space size={0}>
          <Link to={productEditPath(row.id, 'exhibitor')}>
            <Button type="link" icon={<EditOutlined />} data-testid={`product-edit-${row.id}`}>
              {t('proHost.action.edit')}
            </Button>
          </Link>
          <Popconfirm title={t('proHost.exhibitorPro.confirmDelete', { name: row.name })} onConfirm={() => remove(row)} okButtonProps={{ danger: true }}>
            <Button type="link" danger icon={<DeleteOutlined />} data-testid={`product-delete-${row.id}`}>
              {t('products.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Link to="/live/index/admin/exhibitor">
            <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
              {t('proHost.action.back')}
            </Button>
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="exhibitor-pro-title">
            {t('proHost.exhibitorPro.title', { name: exhibitor.data?.company.name ?? '' })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('proHost.exhibitorPro.intro')}</Typography.Text>
          <Space wrap size="large" align="center">
            <Typography.Text strong data-testid="product-quota">
              {t('proHost.exhibitorPro.count', { count, max })}
            </Typography.Text>
            <Button type="primary" icon={<PlusOutlined />} disabled={full || list.isPending} onClick={() => navigate(`/live/index/admin/proAdd?exhibitorId=${exhibitorId}`)} data-testid="product-add">
              {t('proHost.action.add')}
            </Button>
          </Space>
          {full && <Alert type="warning" showIcon title={t('proHost.exhibitorPro.limitReached')} data-testid="product-limit" />}
        </Space>
      </Card>
      <Card variant="borderless">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {bulk.actions}
          <Table<Product>
            rowKey="id"
            columns={columns}
            dataSource={products}
            loading={list.isFetching}
            pagination={false}
            rowSelection={bulk.rowSelection}
            scroll={wide ? undefined : { x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('products.empty')} /> }}
            data-testid="product-table"
          />
        </Space>
      </Card>
    </Space>
  );
}
