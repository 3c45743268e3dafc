import { createProductTagBody, MAX_PAGE_SIZE, toPage, updateProductTagBody, type ProductChannel, type ProductTag } from '@pavilion/contract';
import { Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogApi, catalogKeys, useProductTags } from '../../api/catalog.ts';
import { CrudPage } from '../../components/CrudPage.tsx';
import type { FormField } from '../../components/ResourceForm.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { categoryPage } from './ProductCategories.tsx';

type FlatTag = Omit<ProductTag, 'children'>;
type TagRow = FlatTag & { children?: FlatTag[] };

/** The server's tree → a flat list, roots first then their children (two levels). */
export const flattenTags = (tree: readonly ProductTag[]): FlatTag[] =>
  tree.flatMap(({ children, ...root }) => [root, ...children.map(({ children: _deeper, ...child }) => child)]);

/** The tags tab of /live/index/manage/pro: the exhibition's tags, a tag and its children; add, rename, reorder, delete. */
export function ProductTags({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const all = useProductTags(exhibitionId);

  const resource = useMemo(
    () =>
      defineResource<TagRow>({
        name: 'productTag',
        rowKey: 'id',
        queryKey: (params) => catalogKeys.tagPage(exhibitionId, params),
        fetch: async ({ pageIndex, pageSize, filters }) => categoryPage(flattenTags(await catalogApi.tags(exhibitionId)), pageIndex, pageSize, filters.name),
        fields: [
          {
            key: 'name',
            label: 'catalog.tag.name',
            filter: { type: 'text' },
            render: (row) => (
              <Space size={4} wrap>
                <Typography.Text strong={!row.parentId}>{row.name}</Typography.Text>
                {row.children && <Typography.Text type="secondary">{t('catalog.tag.children', { count: row.children.length })}</Typography.Text>}
              </Space>
            ),
          },
          { key: 'nameEn', label: 'catalog.tag.nameEn' },
          { key: '$level', label: 'catalog.tag.level', render: (row) => <Tag color={row.parentId ? 'default' : 'green'}>{t(row.parentId ? 'catalog.tag.child' : 'catalog.tag.root')}</Tag> },
          { key: 'showIndex', label: 'catalog.tag.showIndex', type: 'number' },
        ],
      }),
    [exhibitionId, t],
  );

  const roots = (all.data ?? []).filter((r) => !r.parentId);
  const editFields: FormField[] = [
    { name: 'name', label: 'catalog.tag.name' },
    { name: 'nameEn', label: 'catalog.tag.nameEn' },
    { name: 'showIndex', label: 'catalog.tag.showIndex', type: 'number' },
  ];
  const fields: FormField[] = [
    { name: 'parentId', label: 'catalog.tag.parent', type: 'select', placeholder: 'catalog.tag.parentNone', dynamicOptions: roots.map((r) => ({ value: r.id, text: r.name })) },
    ...editFields,
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('catalog.tag.intro')}</Typography.Text>
      <CrudPage
        crud={{
          resource,
          invalidate: catalogKeys.tags(exhibitionId),
          title: 'catalog.tag.route',
          fields,
          editFields,
          createSchema: createProductTagBody,
          updateSchema: updateProductTagBody,
          createHidden: { exhibitionId },
          create: (payload) => catalogApi.createTag(payload),
          update: (row, payload) => catalogApi.updateTag(row.id, payload),
          remove: (row) => catalogApi.removeTag(row.id),
          toValues: (row) => ({ name: row.name, nameEn: row.nameEn ?? '', showIndex: row.showIndex }),
        }}
      />
    </Space>
  );
}

/** The channels tab: the platform's sales channels, read-only (the administrator keeps them). */
export function ProductChannels() {
  const { t } = useTranslation();
  const resource = useMemo(
    () =>
      defineResource<ProductChannel>({
        name: 'productChannel',
        rowKey: 'id',
        queryKey: (params) => [...catalogKeys.channels(), params],
        fetch: async ({ pageIndex, pageSize }) => {
          const items = (await catalogApi.channels()).items;
          return toPage(items.slice((pageIndex - 1) * pageSize, pageIndex * pageSize), items.length, { pageIndex, pageSize });
        },
        pageSize: MAX_PAGE_SIZE,
        fields: [
          { key: 'name', label: 'catalog.channel.name' },
          { key: 'nameEn', label: 'catalog.channel.nameEn' },
        ],
      }),
    [],
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('catalog.channel.intro')}</Typography.Text>
      <ResourceTable resource={resource} />
    </Space>
  );
}
