import { CommentOutlined, DeleteOutlined, EditOutlined, EyeInvisibleOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { SupplyDemand } from '@pavilion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Form, Input, List, Modal, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supplyDemandApi, supplyDemandKeys } from '../../api/supplydemand.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';
import { useSave } from '../activity-details/itemWrites.ts';
import { AuditCell } from '../exhibitor/AuditStatus.tsx';
import { KindTag, PostFields, postBody, postFormValues, useSdAction, type PostFormValues } from './shared.tsx';
import { useActionColumnFixed } from '../../components/actionColumn.ts';

/** Create or edit one of the exhibitor's posts in a dialog. */
function PostDialog({ post, onClose }: { post: SupplyDemand | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PostFormValues>();
  const { saving, save } = useSave(form, post ? 'sd.done.saved' : 'sd.done.created', supplyDemandKeys.all, onClose);
  const submit = (v: PostFormValues) => save(() => (post ? supplyDemandApi.update(post.id, postBody(v)) : supplyDemandApi.create(postBody(v))));
  return (
    <Modal open title={t(post ? 'sd.action.edit' : 'sd.action.create')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={saving} okButtonProps={{ 'data-testid': 'sd-save' }} width={680} destroyOnHidden>
      <Form form={form} name="sd-post" layout="vertical" initialValues={postFormValues(post)} onFinish={submit}>
        <PostFields />
      </Form>
    </Modal>
  );
}

/** A post's comments, where the exhibitor answers. */
function CommentsDrawer({ post, onClose }: { post: SupplyDemand; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useSdAction();
  const [text, setText] = useState('');
  const params = { supplyDemandId: post.id, pageIndex: 1, pageSize: 100 };
  const list = useQuery({ queryKey: supplyDemandKeys.comments(params), queryFn: () => supplyDemandApi.comments(params) });
  const send = async () => {
    if (await act(() => supplyDemandApi.answer(post.id, text.trim()), 'sd.done.answered')) setText('');
  };
  return (
    <Drawer open onClose={onClose} title={t('sd.drawer.title', { title: post.title })} size="large" destroyOnHidden>
      <List
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <Empty description={t('sd.drawer.empty')} /> }}
        renderItem={(c) => (
          <List.Item data-testid={`sd-comment-${c.id}`}>
            <List.Item.Meta
              title={
                <Space>
                  <Typography.Text strong>{c.authorName}</Typography.Text>
                  <Tag>{t(`sd.author.${c.author}`)}</Tag>
                  {!c.isShow && <Tag color="default">{t('sd.action.hide')}</Tag>}
                </Space>
              }
              description={formatDateTime(c.createAt)}
            />
            <Typography.Paragraph style={{ margin: 0, maxWidth: 420 }}>{c.content}</Typography.Paragraph>
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} maxLength={500} aria-label={t('sd.field.content')} placeholder={t('sd.drawer.placeholder')} autoSize={{ minRows: 2 }} data-testid="sd-answer" />
        <Button type="primary" disabled={!text.trim()} onClick={() => void send()} data-testid="sd-answer-send">
          {t('sd.action.answer')}
        </Button>
      </Space.Compact>
    </Drawer>
  );
}

/** /ex-live/index/needs (and -en): the exhibitor's supply and demand posts, their review, views and comments. */
export default function ExNeeds() {
  const { t } = useTranslation();
  const { exhibitorId, exhibitionId } = useSession();
  const act = useSdAction();
  const actionsFixed = useActionColumnFixed();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 });
  const [editing, setEditing] = useState<SupplyDemand | 'new' | null>(null);
  const [commenting, setCommenting] = useState<SupplyDemand | null>(null);
  const query = { ...paging, exhibitionId: exhibitionId ?? undefined, exhibitorId: exhibitorId ?? undefined };
  const list = useQuery({ queryKey: supplyDemandKeys.list(query), queryFn: () => supplyDemandApi.page(query), enabled: Boolean(exhibitorId && exhibitionId), placeholderData: keepPreviousData });
  if (!exhibitorId || !exhibitionId) return <Alert type="warning" showIcon title={t('sd.missingExhibitor')} />;

  const columns: TableColumnsType<SupplyDemand> = [
    { key: 'kind', title: t('sd.field.kind'), render: (_, r) => <KindTag kind={r.kind} /> },
    { key: 'title', title: t('sd.field.title'), render: (_, r) => <Typography.Text data-testid={`sd-row-${r.id}`}>{r.title}</Typography.Text> },
    { key: 'audit', title: t('sd.field.auditState'), render: (_, r) => <AuditCell item={r} reasonTestId={`sd-reason-${r.id}`} /> },
    { key: 'isShow', title: t('sd.field.isShow'), render: (_, r) => (r.isShow ? t('sd.action.show') : t('sd.action.hide')) },
    { key: 'views', title: t('sd.field.views'), dataIndex: 'viewCount' },
    { key: 'comments', title: t('sd.field.comments'), dataIndex: 'commentCount' },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: actionsFixed,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={t('sd.action.edit')} title={t('sd.action.edit')} data-testid={`sd-edit-${r.id}`} />
          <Button type="link" icon={<CommentOutlined />} onClick={() => setCommenting(r)} aria-label={t('sd.action.comments')} title={t('sd.action.comments')} data-testid={`sd-comments-${r.id}`} />
          <Button
            type="link"
            icon={r.isShow ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => void act(() => supplyDemandApi.show(r.id, !r.isShow), 'sd.done.shown')}
            aria-label={t(r.isShow ? 'sd.action.hide' : 'sd.action.show')}
            title={t(r.isShow ? 'sd.action.hide' : 'sd.action.show')}
            data-testid={`sd-show-${r.id}`}
          />
          <Popconfirm title={t('sd.confirm.delete', { title: r.title })} onConfirm={() => act(() => supplyDemandApi.remove(r.id), 'sd.done.deleted')} okButtonProps={{ danger: true, 'data-testid': `sd-delete-confirm-${r.id}` }}>
            <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('sd.action.delete')} title={t('sd.action.delete')} data-testid={`sd-delete-${r.id}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('sd.intro.needs')}</Typography.Text>
      <Card variant="borderless">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="sd-create">
          {t('sd.action.create')}
        </Button>
        <Table<SupplyDemand>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ current: paging.pageIndex, pageSize: paging.pageSize, total: list.data?.totalCount ?? 0, showTotal: (total) => t('common.total', { total }), onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }) }}
        />
      </Card>
      {editing && <PostDialog post={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {commenting && <CommentsDrawer post={commenting} onClose={() => setCommenting(null)} />}
    </Space>
  );
}
