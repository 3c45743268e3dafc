import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PRODUCT_GROUP_LIMIT, productGroupCreateBody, productGroupPatchBody, type ProductGroup } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productGroupApi, productKeys, useProductGroups } from '../../api/products.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { FormDrawer, type FormField } from '../../components/ResourceForm.tsx';
import { categoryName } from './productForm.tsx';

const fields: FormField[] = [
  { name: 'name', label: 'catalogue.field.name' },
  { name: 'nameEn', label: 'catalogue.field.nameEn' },
  { name: 'showIndex', label: 'catalogue.field.showIndex', type: 'number' },
];

/** The exhibitor's product groups, a section of /ex-live/index/product: add, rename, reorder, delete (its products stay, ungrouped). */
export function ProductGroups({ exhibitorId, en, counts }: { exhibitorId: string; en: boolean; counts: ReadonlyMap<string, number> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const groups = useProductGroups(exhibitorId);
  const [editing, setEditing] = useState<ProductGroup | 'new' | null>(null);
  const items = groups.data?.items ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
  const saved = async () => {
    setEditing(null);
    await refresh();
    feedback.message().success(t('catalogue.groups.saved'), MESSAGE_SECONDS);
  };
  const remove = async (g: ProductGroup) => {
    try {
      await productGroupApi.remove(g.id);
      await refresh();
      feedback.message().success(t('catalogue.groups.deleted'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  return (
    <Card variant="borderless" title={t('catalogue.groups.title')} data-testid="product-groups"
      extra={<Button icon={<PlusOutlined />} disabled={items.length >= PRODUCT_GROUP_LIMIT} onClick={() => setEditing('new')} data-testid="group-add">{t('catalogue.groups.add')}</Button>}>
      <Typography.Paragraph type="secondary">{t('catalogue.groups.intro')}</Typography.Paragraph>
      <List
        loading={groups.isFetching}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('catalogue.groups.empty')} /> }}
        renderItem={(g) => (
          <List.Item
            data-testid={`group-${g.id}`}
            actions={[
              <Button key="edit" type="text" icon={<EditOutlined />} aria-label={t('catalogue.groups.edit')} title={t('catalogue.groups.edit')} onClick={() => setEditing(g)} data-testid={`group-edit-${g.id}`} />,
              <Popconfirm key="delete" title={t('catalogue.groups.confirmDelete', { name: categoryName(g, en) })} onConfirm={() => remove(g)} okButtonProps={{ danger: true }}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('products.action.delete')} title={t('products.action.delete')} data-testid={`group-delete-${g.id}`} />
              </Popconfirm>,
            ]}
          >
            <Space wrap size="small">
              <Typography.Text strong>{categoryName(g, en)}</Typography.Text>
              <Typography.Text type="secondary">{t('catalogue.groups.count', { count: counts.get(g.id) ?? 0 })}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {editing === 'new' ? (
        <FormDrawer open title={t('catalogue.groups.add')} onClose={() => setEditing(null)} name="productGroup" fields={fields} schema={productGroupCreateBody} initialValues={{ showIndex: items.length }}
          onSubmit={async (payload) => {
            await productGroupApi.create(payload);
            await saved();
          }} />
      ) : (
        <FormDrawer open={editing !== null} title={t('catalogue.groups.edit')} onClose={() => setEditing(null)} name="productGroup" fields={fields} schema={productGroupPatchBody}
          initialValues={editing ? { name: editing.name, nameEn: editing.nameEn ?? '', showIndex: editing.showIndex } : undefined}
          onSubmit={async (payload) => {
            if (!editing) return;
            await productGroupApi.update(editing.id, payload);
            await saved();
          }} />
      )}
    </Card>
  );
}
