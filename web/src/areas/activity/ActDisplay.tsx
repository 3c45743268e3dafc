import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { activityCategoryCreateBody, activityCategoryPatchBody, MAX_ACTIVITY_CATEGORY_LEVEL, type ActivityCategory } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, InputNumber, Popconfirm, Row, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityApi, activityKeys, useActivityCategories } from '../../api/activities.ts';
import { useExhibitionSettingsOf } from '../../api/exhibitorServices.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { FormDrawer, type FormField } from '../../components/ResourceForm.tsx';
import { useSession } from '../../session/store.ts';
import { ExhibitionSettingsScreen } from '../host/productSettings.tsx';

const keys = ['homeActivity', 'enabledActivityReg', 'enabledActivityCategory', 'enabledConcurrentActivity'] as const;
/** The contract's range of the home page grid (settings.ts `grid`). */
const GRID = { min: 0, max: 20 };

type Row = ActivityCategory & { children?: ActivityCategory[] };
/** The flat list → roots with their children (antd's tree table), in the server's order. */
export const categoryRows = (all: readonly ActivityCategory[]): Row[] =>
  all.filter((c) => !c.parentId).map((root) => {
    const children = all.filter((c) => c.parentId === root.id);
    return children.length ? { ...root, children } : { ...root };
  });

const categoryFields: FormField[] = [
  { name: 'name', label: 'act.category.name' },
  { name: 'nameEn', label: 'act.category.nameEn' },
  { name: 'showIndex', label: 'act.category.showIndex', type: 'number' },
];

/** The exhibition's two-level activity category tree: add, rename, reorder, delete (refused while it has children). */
export function ActivityCategories({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const categories = useActivityCategories(exhibitionId);
  const settings = useExhibitionSettingsOf(exhibitionId);
  const [editing, setEditing] = useState<{ parentId: string | null } | { category: ActivityCategory } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: activityKeys.categories(exhibitionId) });
  const saved = async () => {
    setEditing(null);
    await refresh();
    feedback.message().success(t('act.category.saved'), MESSAGE_SECONDS);
  };
  const remove = async (id: string) => {
    try {
      await activityApi.removeCategory(id);
      await refresh();
      feedback.message().success(t('act.category.removed'), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };
  const columns: TableColumnsType<Row> = [
    { key: 'name', title: t('act.category.name'), render: (_, row) => <span data-testid={`activity-category-${row.id}`}>{row.name}</span> },
    { key: 'nameEn', title: t('act.category.nameEn'), render: (_, row) => row.nameEn ?? t('common.empty') },
    { key: 'showIndex', title: t('act.category.showIndex'), dataIndex: 'showIndex' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, row) => (
        <Space size={0} wrap>
          {row.level < MAX_ACTIVITY_CATEGORY_LEVEL && (
            <Button type="link" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: row.id })} data-testid={`activity-category-add-${row.id}`}>
              {t('act.category.addChild')}
            </Button>
          )}
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditing({ category: row })} data-testid={`activity-category-edit-${row.id}`}>
            {t('act.category.edit')}
          </Button>
          <Popconfirm title={t('act.category.removeConfirm', { name: row.name })} onConfirm={() => remove(row.id)} okButtonProps={{ danger: true, 'data-testid': `activity-category-remove-confirm-${row.id}` }}>
            <Button type="link" danger icon={<DeleteOutlined />} data-testid={`activity-category-remove-${row.id}`}>
              {t('act.category.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const category = editing && 'category' in editing ? editing.category : null;
  return (
    <Card variant="borderless" title={t('act.category.title')} data-testid="activity-categories">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('act.category.intro')}</Typography.Text>
        {settings.data && !settings.data.enabledActivityCategory && <Alert type="warning" showIcon title={t('act.category.off')} data-testid="activity-category-off" />}
        <Button icon={<PlusOutlined />} onClick={() => setEditing({ parentId: null })} data-testid="activity-category-add">
          {t('act.category.add')}
        </Button>
        <Table<Row>
          rowKey="id"
          columns={columns}
          dataSource={categoryRows(categories.data ?? [])}
          loading={categories.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          // Mounted again once the tree is read, so that every root opens with its children.
          key={categories.dataUpdatedAt}
          expandable={{ defaultExpandAllRows: true }}
          locale={{ emptyText: <Empty description={t('act.category.empty')} /> }}
        />
      </Space>
      {category ? (
        <FormDrawer
          open
          title={t('act.category.edit')}
          onClose={() => setEditing(null)}
          name="activity-category"
          fields={categoryFields}
          schema={activityCategoryPatchBody}
          initialValues={{ name: category.name, nameEn: category.nameEn ?? '', showIndex: category.showIndex }}
          onSubmit={async (body) => {
            await activityApi.updateCategory(category.id, body);
            await saved();
          }}
        />
      ) : (
        <FormDrawer
          open={editing !== null}
          title={t(editing && 'parentId' in editing && editing.parentId ? 'act.category.addChild' : 'act.category.add')}
          onClose={() => setEditing(null)}
          name="activity-category"
          fields={categoryFields}
          schema={activityCategoryCreateBody}
          hidden={{ exhibitionId, parentId: editing && 'parentId' in editing ? editing.parentId : null }}
          initialValues={{ showIndex: 0 }}
          onSubmit={async (body) => {
            await activityApi.createCategory(body);
            await saved();
          }}
        />
      )}
    </Card>
  );
}

/** /live/index/manage/act-display: the home page's activity grid, the activity switches, and the category tree. */
export default function ActDisplay() {
  const { t } = useTranslation();
  const exhibitionId = useSession().exhibitionId;
  const grid = (name: 'col' | 'row') => {
    const label = t(`act.display.${name}`);
    const message = t('act.display.range', { label, ...GRID });
    return (
      <Form.Item name={['homeActivity', name]} label={label} rules={[{ required: true, message }, { type: 'integer', ...GRID, message }]}>
        <InputNumber style={{ width: 160 }} data-testid={`act-display-${name}`} />
      </Form.Item>
    );
  };
  const toggle = (name: Exclude<(typeof keys)[number], 'homeActivity'>) => (
    <Form.Item name={name} label={t(`act.display.${name}`)} extra={t(`act.display.${name}Hint`)} valuePropName="checked">
      <Switch data-testid={`act-display-${name}`} />
    </Form.Item>
  );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <ExhibitionSettingsScreen keys={keys} intro="act.display.intro" name="actDisplay">
        {() => (
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('act.display.home')}</Typography.Title>
              {grid('col')}
              {grid('row')}
            </Col>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('act.display.switches')}</Typography.Title>
              {toggle('enabledActivityReg')}
              {toggle('enabledActivityCategory')}
              {toggle('enabledConcurrentActivity')}
            </Col>
          </Row>
        )}
      </ExhibitionSettingsScreen>
      {exhibitionId && <ActivityCategories exhibitionId={exhibitionId} />}
    </Space>
  );
}
