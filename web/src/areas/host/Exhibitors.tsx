import { DeleteOutlined, EditOutlined, GiftOutlined, LinkOutlined, PlusOutlined, StarOutlined, TagsOutlined } from '@ant-design/icons';
import type { Exhibitor } from '@pavilion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { RangePicker } from '../../components/DatePicker.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostExhibitorApi, hostExhibitorKeys } from '../../api/host-exhibitors.ts';
import { errorMessage, feedback, MESSAGE_SECONDS } from '../../components/feedback.tsx';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { useGate } from '../../session/features.ts';
import { useSession } from '../../session/store.ts';
import { AuditStateTag, flattenCategories, useCategoryTree } from './exhibitorShared.tsx';
import { ExhibitorReviewsDrawer } from './ExhibitorReviews.tsx';
import { auditStateFilter, auditStateOf } from './hostServiceShared.tsx';

/** Search-form values (strings, under the field keys `company`, `categoryIds`, …) → the contract's exhibitor query. */
export function exhibitorQueryOf(exhibitionId: string, filters: Readonly<Record<string, string>>) {
  return {
    exhibitionId,
    companyName: filters.company || undefined,
    categoryId: filters.categoryIds || undefined,
    auditState: auditStateOf(filters.auditState),
    isShow: filters.isShow === 'true' ? true : filters.isShow === 'false' ? false : undefined,
  };
}

type Window = [Dayjs | null, Dayjs | null] | null;
const windowOf = (start: string | null, end: string | null): Window => (start || end ? [start ? dayjs(start) : null, end ? dayjs(end) : null] : null);

/** Topic and brand topic of one exhibitor, in a small dialog (`PUT /api/join/SetTopic`, `/SetBrandTopic`). */
function TopicDialog({ row, onClose }: { row: Exhibitor; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const save = async (v: { topic?: string; topicWindow?: Window; pTopic?: string; pTopicWindow?: Window }) => {
    setSaving(true);
    try {
      await hostExhibitorApi.setTopic({ id: row.id, topic: v.topic?.trim() || null, topicStart: v.topicWindow?.[0]?.toISOString() ?? null, topicEnd: v.topicWindow?.[1]?.toISOString() ?? null });
      await hostExhibitorApi.setBrandTopic({ id: row.id, pTopic: v.pTopic?.trim() || null, pTopicStart: v.pTopicWindow?.[0]?.toISOString() ?? null, pTopicEnd: v.pTopicWindow?.[1]?.toISOString() ?? null });
      await queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all });
      feedback.message().success(t('hostEx.topic.saved'), MESSAGE_SECONDS);
      onClose();
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('hostEx.topic.title', { name: row.company.name })} onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden>
      <Form
        form={form}
        name="topic"
        layout="vertical"
        onFinish={save}
        initialValues={{ topic: row.topic ?? '', topicWindow: windowOf(row.topicStart, row.topicEnd), pTopic: row.pTopic ?? '', pTopicWindow: windowOf(row.pTopicStart, row.pTopicEnd) }}
      >
        <Form.Item name="topic" label={t('hostEx.topic.topic')} rules={[{ max: 100 }]}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="topicWindow" label={t('hostEx.topic.window')}>
          <RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="pTopic" label={t('hostEx.topic.brand')} rules={[{ max: 100 }]}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="pTopicWindow" label={t('hostEx.topic.brandWindow')}>
          <RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /live/index/admin/exhibitor: the current exhibition's exhibitors; search, paging, bulk delete, show toggle, topics. */
export default function Exhibitors() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const exhibitionId = session.exhibitionId;
  const categories = useCategoryTree(session.hostId);
  const [selected, setSelected] = useState<Key[]>([]);
  const [topicOf, setTopicOf] = useState<Exhibitor | null>(null);
  const [reviewsOf, setReviewsOf] = useState<Exhibitor | null>(null);

  const resource = useMemo(
    () =>
      defineResource<Exhibitor>({
        name: 'exhibitor',
        rowKey: 'id',
        queryKey: (params) => hostExhibitorKeys.list({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => hostExhibitorApi.query({ pageIndex, pageSize, ...exhibitorQueryOf(exhibitionId!, filters) }),
        fields: [
          { key: 'company', label: 'hostEx.field.companyName', filter: { type: 'text' }, render: (row) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{row.company.name}</Typography.Text>
              {row.company.nameEn && <Typography.Text type="secondary">{row.company.nameEn}</Typography.Text>}
            </Space>
          ) },
          { key: 'categoryIds', label: 'hostEx.field.categories', column: false, filter: { type: 'choices', choices: flattenCategories(categories.data ?? []) } },
          { key: 'category', label: 'hostEx.field.categories' },
          { key: 'boothInfo', label: 'hostEx.field.boothInfo' },
          { key: '$region', label: 'hostEx.field.region', render: (row) => row.company.region ?? t('common.empty') },
          {
            key: 'auditState',
            label: 'hostEx.field.auditState',
            render: (row) => <AuditStateTag state={row.auditState} />,
            filter: auditStateFilter,
          },
          {
            key: 'isShow',
            label: 'hostEx.field.isShow',
            render: (row) => (
              <ShowSwitch
                size="small"
                checked={row.isShow}
                save={(isShow) => hostExhibitorApi.show(row.id, isShow)}
                invalidate={[hostExhibitorKeys.all]}
                saved={() => t('hostEx.list.showChanged')}
                checkedChildren={t('hostEx.show.shown')}
                unCheckedChildren={t('hostEx.show.hidden')}
                data-testid={`show-${row.id}`}
              />
            ),
            filter: { type: 'select', options: [
              { value: 'true', label: 'hostEx.show.shown' },
              { value: 'false', label: 'hostEx.show.hidden' },
            ] },
          },
          { key: 'createAt', label: 'hostEx.field.createAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, categories.data, t],
  );

  const productsOpen = useGate('product') === 'open';
  const reviewsOpen = useGate('evaluate') === 'open';
  if (!exhibitionId) return <Alert type="info" showIcon title={t('hostEx.list.noExhibition')} />;

  const bulkDelete = async () => {
    try {
      const { deleted } = await hostExhibitorApi.bulkDelete(selected.map(String));
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: hostExhibitorKeys.all });
      feedback.message().success(t('hostEx.list.deleted', { count: deleted }), MESSAGE_SECONDS);
    } catch (error) {
      feedback.message().error(errorMessage(error), MESSAGE_SECONDS);
    }
  };

  return (
    <>
      <ResourceTable
        resource={resource}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
        extra={
          <Space>
            <Popconfirm title={t('hostEx.list.confirmBulk', { count: selected.length })} onConfirm={bulkDelete} disabled={selected.length === 0}>
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} data-testid="exhibitor-bulk-delete">
                {t('hostEx.list.bulkDelete')}
                {selected.length > 0 && ` (${selected.length})`}
              </Button>
            </Popconfirm>
            <Link to="/live/index/admin/exhibitor-link">
              <Button icon={<LinkOutlined />} data-testid="exhibitor-links">
                {t('hostExh.links.fromList')}
              </Button>
            </Link>
            <Link to="/live/index/admin/exhibitor-add">
              <Button type="primary" icon={<PlusOutlined />} data-testid="exhibitor-add">
                {t('hostEx.list.add')}
              </Button>
            </Link>
          </Space>
        }
        actions={(row) => (
          <>
            <Link to={`/live/index/admin/exhibitor-edit?id=${row.id}`}>
              <Button type="link" icon={<EditOutlined />} data-testid={`edit-${row.id}`}>
                {t('common.edit')}
              </Button>
            </Link>
            <Button type="link" icon={<TagsOutlined />} onClick={() => setTopicOf(row)} data-testid={`topic-${row.id}`}>
              {t('hostEx.list.topic')}
            </Button>
            {productsOpen && (
              <Link to={`/live/index/admin/exhibitor-pro?exhibitorId=${row.id}`}>
                <Button type="link" icon={<GiftOutlined />} data-testid={`exhibitor-products-${row.id}`}>
                  {t('proHost.action.products')}
                </Button>
              </Link>
            )}
            {reviewsOpen && (
              <Button type="link" icon={<StarOutlined />} onClick={() => setReviewsOf(row)} data-testid={`exhibitor-reviews-${row.id}`}>
                {t('evaluation.action')}
              </Button>
            )}
          </>
        )}
      />
      {topicOf && <TopicDialog row={topicOf} onClose={() => setTopicOf(null)} />}
      {reviewsOf && <ExhibitorReviewsDrawer exhibitionId={exhibitionId} exhibitor={{ id: reviewsOf.id, name: reviewsOf.company.name }} onClose={() => setReviewsOf(null)} />}
    </>
  );
}
