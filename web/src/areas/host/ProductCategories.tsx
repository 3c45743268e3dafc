import { productCategoryCreateBody, productCategoryPatchBody, type ProductCategory } from '@pavilion/contract';
import { Alert, Space, Tabs, Tag, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { productApi, productKeys, useProductCategories } from '../../api/products.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import { CertificateQualities } from './CertificateQualities.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { ProductChannels, ProductTags } from './ProductTags.tsx';

/** A root with its children, as antd's tree table reads them (no `children` on a leaf, so it gets no expander). */
export type CategoryRow = ProductCategory & { children?: ProductCategory[] };

/**
 * The flat list → the roots of one page with their children. A name filter keeps a root that matches
 * with all its children, and a root whose children match with those children.
 */
export function categoryPage<T extends Pick<ProductCategory, 'id' | 'parentId' | 'name' | 'nameEn'>>(all: readonly T[], pageIndex: number, pageSize: number, keyword = '') {
  const has = (c: T) => !keyword || c.name.includes(keyword) || (c.nameEn ?? '').toLowerCase().includes(keyword.toLowerCase());
  const rows: (T & { children?: T[] })[] = [];
  for (const root of all.filter((c) => !c.parentId)) {
    const kids = all.filter((c) => c.parentId === root.id);
    const shown = has(root) ? kids : kids.filter(has);
    if (!has(root) && shown.length === 0) continue;
    rows.push(shown.length ? { ...root, children: shown } : { ...root });
  }
  return { pageIndex, pageSize, totalCount: rows.length, totalPages: Math.ceil(rows.length / pageSize), items: rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize) };
}

type Tab = 'categories' | 'tags' | 'channels';
const TABS: readonly Tab[] = ['categories', 'tags', 'channels'];

/**
 * /live/index/manage/pro: what products are filed under in the exhibition. Tabs: the host's categories
 * and tags (two levels each) and the platform's sales channels (read-only); the tab is in `?tab=`.
 */
export default function ProductCategories() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const [search, setSearch] = useSearchParams();
  if (!exhibitionId) return <Alert type="info" showIcon title={t('products.noExhibition')} />;
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'categories';
  const body: Record<Tab, ReactNode> = {
    categories: <CategoryTab exhibitionId={exhibitionId} />,
    tags: <ProductTags exhibitionId={exhibitionId} />,
    channels: <ProductChannels />,
  };
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setSearch(key === 'categories' ? {} : { tab: key }, { replace: true })}
      items={TABS.map((key) => ({ key, label: <span data-testid={`catalog-tab-${key}`}>{t(`catalog.tabs.${key}`)}</span>, children: key === tab ? body[key] : null }))}
    />
  );
}

/** The categories tab: two levels; add, rename, reorder, delete. */
function CategoryTab({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const all = useProductCategories(exhibitionId);

  const resource = useMemo(
    () =>
      defineResource<CategoryRow>({
        name: 'productCategory',
        rowKey: 'id',
        queryKey: (params) => productKeys.categoryPage(exhibitionId, params),
        fetch: async ({ pageIndex, pageSize, filters }) => categoryPage((await productApi.categories(exhibitionId)).items, pageIndex, pageSize, filters.name),
        fields: [
          {
            key: 'name',
            label: 'products.category.name',
            filter: { type: 'text' },
            render: (row) => (
              <Space size={4} wrap>
                <Typography.Text strong={!row.parentId}>{row.name}</Typography.Text>
                {row.children && <Typography.Text type="secondary">{t('products.category.children', { count: row.children.length })}</Typography.Text>}
              </Space>
            ),
          },
          { key: 'nameEn', label: 'products.category.nameEn' },
          { key: 'level', label: 'products.category.level', render: (row) => <Tag color={row.parentId ? 'default' : 'blue'}>{t(row.parentId ? 'products.category.child' : 'products.category.root')}</Tag> },
          { key: 'showIndex', label: 'products.category.showIndex', type: 'number' },
          { key: 'updateAt', label: 'products.field.updateAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, t],
  );

  const roots = (all.data?.items ?? []).filter((c) => !c.parentId);
  const editFields: FormField[] = [
    { name: 'name', label: 'products.category.name' },
    { name: 'nameEn', label: 'products.category.nameEn' },
    { name: 'showIndex', label: 'products.category.showIndex', type: 'number' },
  ];
  const fields: FormField[] = [
    { name: 'parentId', label: 'products.category.parent', type: 'select', placeholder: 'products.category.parentNone', dynamicOptions: roots.map((r) => ({ value: r.id, text: r.name })) },
    ...editFields,
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('products.category.intro')}</Typography.Text>
      <CrudPage
        crud={{
          resource,
          invalidate: productKeys.categories(exhibitionId),
          title: 'products.category.route',
          fields,
          editFields,
          createSchema: productCategoryCreateBody,
          updateSchema: productCategoryPatchBody,
          createHidden: { exhibitionId },
          create: (payload) => productApi.createCategory(payload),
          update: (row, payload) => productApi.updateCategory(row.id, payload),
          remove: (row) => productApi.removeCategory(row.id),
          toValues: (row) => ({ name: row.name, nameEn: row.nameEn ?? '', showIndex: row.showIndex }),
        }}
      />
      <CertificateQualities />
    </Space>
  );
}
