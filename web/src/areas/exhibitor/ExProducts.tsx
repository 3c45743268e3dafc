import { AppstoreOutlined, DeleteOutlined, EditOutlined, FolderOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { AuditState, type Product } from '@pavilion/contract';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useExhibitionSettingsOf } from '../../api/exhibitorServices.ts';
import { productApi, productKeys, useProductCategories, useProductGroups } from '../../api/products.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { langOfPath } from '../../i18n/index.ts';
import { exhibitorBase } from '../../session/guard.ts';
import { useSession } from '../../session/store.ts';
import { AuditCell } from './AuditStatus.tsx';
import { categoryName, ProductCover, productLimitDefaults } from './productForm.tsx';
import { ProductGroups } from './ProductGroups.tsx';
import { usePhone } from '../../components/actionColumn.ts';
import { Guarded } from '../../components/FeatureGate.tsx';
import { FocusApply } from '../zones/ExZones.tsx';

/** How many of the listed products each group holds. */
const groupCounts = (products: readonly Product[]) => {
  const out = new Map<string, number>();
  for (const p of products) if (p.groupId) out.set(p.groupId, (out.get(p.groupId) ?? 0) + 1);
  return out;
};

/** /ex-live/index/product (and -en): the exhibitor's products with their review state; add, edit, show or hide, delete. */
export default function ExProducts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = exhibitorBase(pathname);
  const en = langOfPath(pathname) === 'en';
  const queryClient = useQueryClient();
  const { exhibitorId, exhibitionId } = useSession();
  const phone = usePhone();
  const [featuring, setFeaturing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: productKeys.list({ exhibitorId }),
    queryFn: () => productApi.page({ exhibitorId: exhibitorId!, pageSize: 100 }),
    enabled: Boolean(exhibitorId),
  });
  const categories = useProductCategories(exhibitionId);
  const settings = useExhibitionSettingsOf(exhibitionId);
  const groups = useProductGroups(exhibitorId);

  if (!exhibitorId) return <Alert type="warning" showIcon title={t('products.missingExhibitor')} />;

  const products = list.data?.items ?? [];
  const count = list.data?.totalCount ?? 0;
  const max = settings.data?.exhibitorsLoadProductNumber ?? productLimitDefaults.products;
  const full = count >= max;
  const categoryOf = (id: string | null) => {
    const found = id ? categories.data?.items.find((c) => c.id === id) : undefined;
    return found ? categoryName(found, en) : t('products.noCategory');
  };
  const groupOf = (id: string | null) => {
    const found = id ? groups.data?.items.find((g) => g.id === id) : undefined;
    return found ? categoryName(found, en) : null;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      await refresh();
      feedback.message().success(done, MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  const columns: TableColumnsType<Product> = [
    {
      key: 'cover',
      title: t('products.field.cover'),
      render: (_, row) => <ProductCover product={row} />,
    },
    {
      // Names and category in one column, so the list fits beside the menu at 1280 px.
      key: 'name',
      title: t('products.field.name'),
      render: (_, row) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 260 }}>
          <Typography.Text strong>{en && row.nameEn ? row.nameEn : row.name}</Typography.Text>
          {row.nameEn && <Typography.Text type="secondary">{en ? row.name : row.nameEn}</Typography.Text>}
          <Typography.Text type="secondary">
            <AppstoreOutlined /> {categoryOf(row.categoryId)}
          </Typography.Text>
          {groupOf(row.groupId) && (
            <Typography.Text type="secondary">
              <FolderOutlined /> {groupOf(row.groupId)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'audit',
      title: t('products.field.auditState'),
      render: (_, row) => <AuditCell item={row} reasonTestId="product-reason" />,
    },
    {
      key: 'show',
      title: t('products.field.isShow'),
      render: (_, row) => (
        <ShowSwitch
          checked={row.isShow}
          save={(isShow) => productApi.show(row.id, isShow)}
          invalidate={[productKeys.all]}
          saved={(isShow) => t(isShow ? 'products.shown' : 'products.hidden')}
          aria-label={`${t('products.field.isShow')} ${row.name}`}
          data-testid={`product-show-${row.id}`}
        />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: phone ? undefined : ('end' as const),
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" icon={<EditOutlined />} aria-label={t('products.action.edit')} onClick={() => navigate(`${base}/index/proEdit?id=${row.id}`)} data-testid={`product-edit-${row.id}`}>
            {!phone && t('products.action.edit')}
          </Button>
          {row.auditState === AuditState.Approved && (
            <Guarded feature="promotion" hide>
              <Button type="link" icon={<StarOutlined />} aria-label={t('zones.action.applyFocus')} title={t('zones.action.applyFocus')} onClick={() => setFeaturing(row.id)} data-testid={`product-focus-${row.id}`}>
                {!phone && t('zones.action.applyFocus')}
              </Button>
            </Guarded>
          )}
          <Popconfirm title={t('products.confirmDelete', { name: row.name })} onConfirm={() => act(() => productApi.remove(row.id), t('products.deleted'))} okButtonProps={{ danger: true }}>
            <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('products.action.delete')} data-testid={`product-delete-${row.id}`}>
              {!phone && t('products.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="large" className="page" style={{ width: '100%' }}>
      <Card variant="borderless">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('products.intro')}
          </Typography.Paragraph>
          <Space wrap size="large" align="center">
            <Typography.Text strong data-testid="product-quota">
              {t('products.count', { count, max })}
            </Typography.Text>
            <Button type="primary" icon={<PlusOutlined />} disabled={full || list.isPending} onClick={() => navigate(`${base}/index/proAdd`)} data-testid="product-add">
              {t('products.action.add')}
            </Button>
          </Space>
          {full && <Alert type="warning" showIcon title={t('products.limitReached')} data-testid="product-limit" />}
        </Space>
      </Card>
      <Card variant="borderless">
        <Table<Product>
          rowKey="id"
          columns={columns}
          dataSource={products}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('products.empty')} /> }}
          data-testid="product-table"
        />
      </Card>
      <ProductGroups exhibitorId={exhibitorId} en={en} counts={groupCounts(products)} />
      {featuring && <FocusApply productId={featuring} onClose={() => setFeaturing(null)} />}
    </Space>
  );
}
