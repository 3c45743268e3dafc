import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { AuditState, type Topic, type TopicApplication, type TopicKind } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, InputNumber, List, Modal, Popconfirm, Radio, Select, Space, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostExhibitorApi } from '../../api/host-exhibitors.ts';
import { topicApi, zoneKeys } from '../../api/zones.ts';
import { RangePicker } from '../../components/DatePicker.tsx';
import { defineResource, ResourceTable, type FieldFilter } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { ImageField } from '../host/ImageField.tsx';
import { stateOptions, StateTag, useReject, useZoneAction } from './shared.tsx';

const kindFilter: FieldFilter = {
  type: 'select',
  options: [
    { value: 'topic', label: 'zones.kind.topic' },
    { value: 'brand', label: 'zones.kind.brand' },
  ],
};
const day = (s: string | null) => (s ? dayjs(s).format('YYYY-MM-DD HH:mm') : '');

type TopicForm = {
  kind: TopicKind;
  name: string;
  nameEn?: string;
  banner?: string | null;
  description?: string;
  descriptionEn?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  topicType?: number | null;
  sort?: number;
  isShow: boolean;
  applyOpen: boolean;
};

function TopicEditor({ exhibitionId, editing, onClose }: { exhibitionId: string; editing: Topic | null; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useZoneAction();
  const [form] = Form.useForm<TopicForm>();
  const initial: TopicForm = editing
    ? {
        kind: editing.kind,
        name: editing.name,
        nameEn: editing.nameEn ?? '',
        banner: editing.banner,
        description: editing.description,
        descriptionEn: editing.descriptionEn,
        window: editing.startAt || editing.endAt ? [editing.startAt ? dayjs(editing.startAt) : null, editing.endAt ? dayjs(editing.endAt) : null] : null,
        topicType: editing.topicType,
        sort: editing.sort,
        isShow: editing.isShow,
        applyOpen: editing.applyOpen,
      }
    : { kind: 'topic', name: '', isShow: true, applyOpen: true, sort: 0 };
  const save = async (v: TopicForm) => {
    const body = {
      name: v.name,
      nameEn: v.nameEn || null,
      banner: v.banner || null,
      description: v.description ?? '',
      descriptionEn: v.descriptionEn ?? '',
      startAt: v.window?.[0]?.toISOString() ?? null,
      endAt: v.window?.[1]?.toISOString() ?? null,
      topicType: v.topicType ?? null,
      sort: v.sort ?? 0,
      isShow: v.isShow,
      applyOpen: v.applyOpen,
    };
    if (await act(() => (editing ? topicApi.update(editing.id, body) : topicApi.create({ ...body, exhibitionId, kind: v.kind })), 'zones.done.saved')) onClose();
  };
  return (
    <Modal open title={editing ? t('zones.action.edit') : t('zones.action.create')} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ 'data-testid': 'topic-save' }} destroyOnHidden width={640}>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save(v)}>
        <Form.Item name="kind" label={t('zones.field.kind')}>
          <Radio.Group disabled={!!editing} options={[{ value: 'topic', label: t('zones.kind.topic') }, { value: 'brand', label: t('zones.kind.brand') }]} />
        </Form.Item>
        <Form.Item name="name" label={t('zones.field.name')} rules={[{ required: true, whitespace: true, message: t('zones.field.name') }]}>
          <Input maxLength={100} data-testid="topic-name" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('zones.field.nameEn')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="banner" label={t('zones.field.banner')}>
          <ImageField wide />
        </Form.Item>
        <Form.Item name="description" label={t('zones.field.description')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('zones.field.descriptionEn')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item name="window" label={t('zones.field.window')}>
          <RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="topicType" label={t('zones.field.topicType')}>
            <InputNumber min={0} max={1000} />
          </Form.Item>
          <Form.Item name="sort" label={t('zones.field.sort')}>
            <InputNumber min={0} max={1_000_000} />
          </Form.Item>
          <Form.Item name="isShow" label={t('zones.field.isShow')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="applyOpen" label={t('zones.field.applyOpen')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** The placed exhibitors of a topic; add one of the exhibition's exhibitors or remove one. */
function PlacedDrawer({ exhibitionId, topic, onClose }: { exhibitionId: string; topic: Topic; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useZoneAction();
  const placed = useQuery({ queryKey: zoneKeys.placed(topic.id), queryFn: () => topicApi.exhibitors(topic.id) });
  const [keyword, setKeyword] = useState('');
  const candidates = useQuery({
    queryKey: zoneKeys.candidates(exhibitionId, keyword),
    queryFn: () => hostExhibitorApi.query({ exhibitionId, pageIndex: 1, pageSize: 20, ...(keyword ? { companyName: keyword } : {}) }),
  });
  return (
    <Drawer open title={t('zones.exhibitorsTitle', { name: topic.name })} onClose={onClose} size="large">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder={t('zones.placeHint')}
          style={{ width: '100%' }}
          value={null}
          options={(candidates.data?.items ?? []).map((x) => ({ value: x.id, label: x.company.name }))}
          onChange={(id: string) => void act(() => topicApi.place(topic.id, id), 'zones.done.placed')}
          data-testid="topic-place-select"
        />
        <List
          loading={placed.isPending}
          dataSource={placed.data?.items ?? []}
          renderItem={(x) => (
            <List.Item
              actions={[
                <Button key="out" type="link" danger onClick={() => void act(() => topicApi.unplace(topic.id, x.id), 'zones.done.unplaced')} data-testid={`topic-unplace-${x.id}`}>
                  {t('zones.action.unplace')}
                </Button>,
              ]}
            >
              <span data-testid={`topic-placed-${x.id}`}>{x.companyName}</span>
              {x.boothInfo ? <Typography.Text type="secondary"> · {x.boothInfo}</Typography.Text> : null}
            </List.Item>
          )}
        />
      </Space>
    </Drawer>
  );
}

/** /live/index/topic/info: the exhibition's topics and brand zones. */
export default function TopicInfo() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const act = useZoneAction();
  const [editing, setEditing] = useState<Topic | 'new' | null>(null);
  const [placing, setPlacing] = useState<Topic | null>(null);
  const resource = useMemo(
    () =>
      defineResource<Topic>({
        name: 'topics',
        rowKey: 'id',
        queryKey: (params) => zoneKeys.topics({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) =>
          topicApi.page({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...(filters.kind ? { kind: filters.kind as TopicKind } : {}), ...(filters.keyword ? { keyword: filters.keyword } : {}) }),
        fields: [
          { key: 'kind', label: 'zones.field.kind', filter: kindFilter, render: (x) => <Tag color={x.kind === 'brand' ? 'purple' : 'blue'}>{t(`zones.kind.${x.kind}`)}</Tag> },
          { key: 'keyword', label: 'zones.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'name', label: 'zones.field.name', render: (x) => <span data-testid={`topic-row-${x.name}`}>{x.name}</span> },
          { key: '$window', label: 'zones.field.window', render: (x) => (x.startAt || x.endAt ? `${day(x.startAt)} – ${day(x.endAt)}` : t('common.empty')) },
          { key: 'placedCount', label: 'zones.field.placed', type: 'number' },
          { key: 'sort', label: 'zones.field.sort', type: 'number' },
          { key: 'isShow', label: 'zones.field.isShow', render: (x) => <Switch size="small" checked={x.isShow} aria-label={t('zones.field.isShow')} onChange={(on) => void act(() => topicApi.update(x.id, { isShow: on }), 'zones.done.saved')} /> },
          { key: 'applyOpen', label: 'zones.field.applyOpen', render: (x) => <Switch size="small" checked={x.applyOpen} aria-label={t('zones.field.applyOpen')} onChange={(on) => void act(() => topicApi.update(x.id, { applyOpen: on }), 'zones.done.saved')} /> },
        ],
      }),
    [exhibitionId, act, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('zones.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('zones.intro.topics')}</Typography.Text>
      <ResourceTable
        resource={resource}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="topic-create">
            {t('zones.action.create')}
          </Button>
        }
        actions={(x) => (
          <>
            <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(x)} data-testid={`topic-edit-${x.id}`}>
              {t('zones.action.edit')}
            </Button>
            <Button type="link" icon={<TeamOutlined />} onClick={() => setPlacing(x)} data-testid={`topic-exhibitors-${x.id}`}>
              {t('zones.action.exhibitors')}
            </Button>
            <Popconfirm title={t('zones.confirm.delete', { name: x.name })} onConfirm={() => act(() => topicApi.remove(x.id), 'zones.done.deleted')} okButtonProps={{ danger: true }}>
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('zones.action.delete')} title={t('zones.action.delete')} />
            </Popconfirm>
          </>
        )}
      />
      {editing && <TopicEditor exhibitionId={exhibitionId} editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {placing && <PlacedDrawer exhibitionId={exhibitionId} topic={placing} onClose={() => setPlacing(null)} />}
    </Space>
  );
}

/** /live/index/topic-audit/info: exhibitors' applications to topics, pending first; approve or reject with a reason. */
export function TopicAudit() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const act = useZoneAction();
  const decide = (ids: string[], approve: boolean, reason?: string) =>
    act(() => topicApi.decide({ ids, auditState: approve ? 1 : 2, ...(reason ? { reason } : {}) }), 'zones.done.decided', { count: ids.length });
  const rejecting = useReject((ids, reason) => decide(ids, false, reason));
  const resource = useMemo(
    () =>
      defineResource<TopicApplication>({
        name: 'topic-applications',
        rowKey: 'id',
        queryKey: (params) => zoneKeys.applications({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) =>
          topicApi.applications({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...(filters.auditState ? { auditState: Number(filters.auditState) as 0 | 1 | 2 } : {}), ...(filters.keyword ? { keyword: filters.keyword } : {}) }),
        fields: [
          { key: 'keyword', label: 'zones.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'companyName', label: 'zones.field.company', render: (a) => <span data-testid={`topic-app-${a.id}`}>{a.companyName}</span> },
          { key: 'topicName', label: 'zones.field.topic', render: (a) => `${a.topicName} (${t(`zones.kind.${a.kind}`)})` },
          { key: 'reason', label: 'zones.field.reason' },
          { key: 'auditState', label: 'zones.field.auditState', filter: { type: 'select', options: stateOptions }, render: (a) => <StateTag state={a.auditState} reason={a.auditReason} /> },
          { key: 'createAt', label: 'zones.field.createAt', type: 'datetime' },
        ],
      }),
    [exhibitionId, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('zones.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('zones.intro.topicAudit')}</Typography.Text>
      <ResourceTable
        resource={resource}
        actions={(a) =>
          a.auditState === AuditState.Pending ? (
            <>
              <Button type="link" icon={<CheckOutlined />} onClick={() => void decide([a.id], true)} data-testid={`topic-approve-${a.id}`}>
                {t('zones.action.approve')}
              </Button>
              <Button type="link" danger icon={<CloseOutlined />} onClick={() => rejecting.reject([a.id])} data-testid={`topic-reject-${a.id}`}>
                {t('zones.action.reject')}
              </Button>
            </>
          ) : null
        }
      />
      {rejecting.dialog}
    </Space>
  );
}
