import { DeleteOutlined, ExportOutlined, PlusOutlined, SendOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { AuditState, LIVE_MESSAGE_MAX_CHARS, MAX_ROOM_PRODUCTS, type LivePushProduct, type LiveRoom, type Product } from '@pavilion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Card, Col, Empty, Form, Input, List, Modal, Popconfirm, Row, Skeleton, Space, Statistic, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { liveApi, liveKeys, LIVE_POLL_MS, useLiveRoom } from '../../api/live.ts';
import { productApi, productKeys } from '../../api/products.ts';
import { errorMessage } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { AuditCell } from '../exhibitor/AuditStatus.tsx';
import { StreamPanel } from './StreamPanel.tsx';
import { KindTag, liveRoomSitePath, LiveStateTag, RoomFields, roomChanges, roomFormValues, roomTitle, useLiveAction, type RoomFormValues } from './shared.tsx';

/**
 * One room's console, the same for the host (set/my/room, all-activity/room) and the exhibitor (liveRoomInfo,
 * set/my/room): overview (re-read every 5 s), settings, push URL, pushed products, gifts and the presenter's chat.
 */
export function RoomConsole({ roomId, en = false, exhibitor = false }: { roomId: string; en?: boolean; exhibitor?: boolean }) {
  const { t } = useTranslation();
  const room = useLiveRoom(roomId);
  if (room.isPending) return <Skeleton active />;
  if (room.isError) return <Alert type="error" showIcon title={errorMessage(room.error)} />;
  const r = room.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="live-console">
      <Overview room={r} en={en} exhibitor={exhibitor} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={14}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Card title={t('live.console.settings')} size="small">
              <Settings room={r} exhibitor={exhibitor} />
            </Card>
            <Card title={t('live.console.products')} size="small">
              <Products room={r} en={en} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xxl={10}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Card title={t('live.console.stream')} size="small">
              <StreamPanel roomId={r.id} />
            </Card>
            <Card title={t('live.console.chat')} size="small">
              <Chat room={r} />
            </Card>
            <Card title={t('live.console.gifts')} size="small">
              <Gifts room={r} />
            </Card>
          </Space>
        </Col>
      </Row>
    </Space>
  );
}

function Overview({ room, en, exhibitor }: { room: LiveRoom; en: boolean; exhibitor: boolean }) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Space wrap align="center">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="live-console-title">
            {roomTitle(room, en)}
          </Typography.Title>
          <KindTag kind={room.kind} />
          <LiveStateTag state={room.liveState} testId="live-console-state" />
          {(exhibitor || room.kind === 'exhibitor') && <AuditCell item={room} reasonTestId="live-console-reason" maxWidth={480} />}
          <a href={liveRoomSitePath(room.exhibitionId, room.id)} target="_blank" rel="noreferrer">
            <Button type="link" icon={<ExportOutlined />}>
              {t('live.action.open')}
            </Button>
          </a>
        </Space>
        <Row gutter={[16, 8]}>
          <Col xs={12} sm={6}>
            <Statistic title={t('live.field.online')} value={room.onlineCount} styles={{ content: { fontSize: 20 } }} data-testid="live-console-online" />
          </Col>
          <Col xs={12} sm={6}>
            <Statistic title={t('live.field.views')} value={room.viewCount} styles={{ content: { fontSize: 20 } }} />
          </Col>
          <Col xs={12} sm={6}>
            <Statistic title={t('live.field.messages')} value={room.messageCount} styles={{ content: { fontSize: 20 } }} />
          </Col>
          <Col xs={12} sm={6}>
            <Statistic title={t('live.field.gifts')} value={room.giftCount} styles={{ content: { fontSize: 20 } }} />
          </Col>
        </Row>
      </Space>
    </Card>
  );
}

function Settings({ room, exhibitor }: { room: LiveRoom; exhibitor: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoomFormValues>();
  const act = useLiveAction();
  const [busy, setBusy] = useState(false);
  // The room is re-read every 5 s; the form takes the saved values only when another room is shown.
  useEffect(() => form.setFieldsValue(roomFormValues(room)), [room.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = async (values: RoomFormValues) => {
    const changes = roomChanges(room, values);
    if (Object.keys(changes).length === 0) return;
    setBusy(true);
    try {
      await liveApi.update(room.id, changes);
      await act(async () => undefined, 'live.done.saved');
    } catch (error) {
      showFormError(form, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name="live-room-settings" layout="vertical" initialValues={roomFormValues(room)} onFinish={save}>
      {exhibitor && <Alert type="info" showIcon title={t('live.intro.exAuditHint')} style={{ marginBottom: 16 }} />}
      <RoomFields />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="live-settings-save">
          {t('live.action.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function Products({ room, en }: { room: LiveRoom; en: boolean }) {
  const { t } = useTranslation();
  const act = useLiveAction();
  const [picking, setPicking] = useState(false);
  const list = useQuery({ queryKey: liveKeys.products(room.id), queryFn: () => liveApi.products(room.id) });
  const items = list.data ?? [];
  const name = (p: LivePushProduct) => (en && p.nameEn ? p.nameEn : p.name);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<PlusOutlined />} onClick={() => setPicking(true)} disabled={items.length >= MAX_ROOM_PRODUCTS} data-testid="live-products-add">
        {t('live.action.addProducts')}
      </Button>
      <List<LivePushProduct>
        loading={list.isPending}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('live.console.productsEmpty')} /> }}
        renderItem={(p) => (
          <List.Item
            data-testid={`live-product-${p.productId}`}
            actions={[
              p.pushed ? (
                <Button key="cancel" icon={<StopOutlined />} onClick={() => act(() => liveApi.cancelPush(room.id, p.productId), 'live.done.pushCancelled')} data-testid={`live-product-cancel-${p.productId}`}>
                  {t('live.action.cancelPush')}
                </Button>
              ) : (
                <Button key="push" type="primary" icon={<ThunderboltOutlined />} onClick={() => act(() => liveApi.push(room.id, p.productId), 'live.done.pushed')} data-testid={`live-product-push-${p.productId}`}>
                  {t('live.action.push')}
                </Button>
              ),
              <Popconfirm key="remove" title={t('live.confirm.removeProduct', { name: name(p) })} onConfirm={() => act(() => liveApi.removeProduct(room.id, p.productId), 'live.done.removed')} okButtonProps={{ danger: true, 'data-testid': `live-product-remove-confirm-${p.productId}` }}>
                <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('live.action.remove')} title={t('live.action.remove')} data-testid={`live-product-remove-${p.productId}`} />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar shape="square" size={48} src={p.picture ?? undefined} alt={name(p)} />}
              title={
                <Space wrap>
                  {name(p)}
                  {p.pushed && <Tag color="red">{t('live.console.pushed')}</Tag>}
                </Space>
              }
              description={p.price ?? undefined}
            />
          </List.Item>
        )}
      />
      {picking && <ProductPicker room={room} en={en} taken={items.map((p) => p.productId)} onClose={() => setPicking(false)} />}
    </Space>
  );
}

/** The exhibition's approved products (only the room's exhibitor's for an exhibitor room), several at once. */
function ProductPicker({ room, en, taken, onClose }: { room: LiveRoom; en: boolean; taken: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useLiveAction();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 });
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const query = { ...paging, exhibitionId: room.exhibitionId, ...(room.exhibitorId ? { exhibitorId: room.exhibitorId } : {}), auditState: AuditState.Approved, ...(keyword ? { keyword } : {}) };
  const products = useQuery({ queryKey: productKeys.list({ livePicker: true, ...query }), queryFn: () => productApi.page(query), placeholderData: keepPreviousData });
  const room_left = MAX_ROOM_PRODUCTS - taken.length;
  const add = async () => {
    setBusy(true);
    const ok = await act(() => liveApi.addProducts(room.id, selected.map(String)), 'live.done.added', { count: selected.length });
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Modal open title={t('live.console.pickProducts')} width={720} onCancel={onClose} onOk={add} okButtonProps={{ disabled: selected.length === 0, 'data-testid': 'live-picker-ok' }} confirmLoading={busy} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('live.field.keyword')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, pageIndex: 1 }));
          }}
        />
        <Typography.Text type="secondary">{t('live.console.selected', { count: selected.length })}</Typography.Text>
        <Table<Product>
          rowKey="id"
          size="small"
          loading={products.isFetching}
          dataSource={products.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.slice(0, room_left)),
            getCheckboxProps: (p) => ({ disabled: taken.includes(p.id), 'data-testid': `live-picker-${p.id}` }) as never,
          }}
          columns={[
            { key: 'pic', title: t('live.field.cover'), render: (_, p) => <Avatar shape="square" size={40} src={p.pictures[0]} alt={en && p.nameEn ? p.nameEn : p.name} /> },
            { key: 'name', title: t('live.console.productName'), render: (_, p) => (en && p.nameEn ? p.nameEn : p.name) },
            { key: 'company', title: t('live.field.owner'), render: (_, p) => p.companyName },
          ]}
          pagination={{ current: paging.pageIndex, pageSize: paging.pageSize, total: products.data?.totalCount ?? 0, onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }) }}
        />
      </Space>
    </Modal>
  );
}

function Gifts({ room }: { room: LiveRoom }) {
  const { t } = useTranslation();
  const act = useLiveAction();
  const [notice, setNotice] = useState(room.giftNotice ?? '');
  const [busy, setBusy] = useState(false);
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 });
  const records = useQuery({ queryKey: liveKeys.giftRecords({ roomId: room.id, ...paging }), queryFn: () => liveApi.giftRecords({ roomId: room.id, ...paging }), placeholderData: keepPreviousData, refetchInterval: LIVE_POLL_MS });
  const toggle = async (enabled: boolean) => {
    setBusy(true);
    const text = notice.trim();
    await act(() => liveApi.giftSwitch({ roomId: room.id, enabled, ...(text ? { notice: text } : {}) }), enabled ? 'live.done.giftOn' : 'live.done.giftOff');
    setBusy(false);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.TextArea rows={2} maxLength={200} showCount value={notice} onChange={(e) => setNotice(e.target.value)} placeholder={t('live.console.giftNoticeHint')} aria-label={t('live.console.giftNotice')} data-testid="live-gift-notice" />
      <Space>
        <Switch checked={room.giftEnabled} loading={busy} onChange={toggle} data-testid="live-gift-switch" aria-label={t('live.console.giftEnabled')} />
        <Typography.Text>{t('live.console.giftEnabled')}</Typography.Text>
      </Space>
      <Typography.Text strong>{t('live.console.giftRecords')}</Typography.Text>
      <Table
        rowKey="id"
        size="small"
        loading={records.isPending}
        dataSource={records.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'nickname', title: t('live.console.sender'), dataIndex: 'nickname' },
          { key: 'gift', title: t('live.console.gift'), dataIndex: 'giftName' },
          { key: 'count', title: t('live.console.count'), dataIndex: 'count' },
          { key: 'time', title: t('live.console.time'), render: (_, r) => formatDateTime(r.createAt) },
        ]}
        pagination={{ size: 'small', current: paging.pageIndex, pageSize: paging.pageSize, total: records.data?.totalCount ?? 0, onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }) }}
      />
    </Space>
  );
}

const CHAT_BACKLOG = 20;

function Chat({ room }: { room: LiveRoom }) {
  const { t } = useTranslation();
  const act = useLiveAction();
  const [form] = Form.useForm<{ content: string }>();
  const [busy, setBusy] = useState(false);
  const query = { roomId: room.id, pageIndex: 1, pageSize: CHAT_BACKLOG };
  const messages = useQuery({ queryKey: liveKeys.messages(query), queryFn: () => liveApi.messages(query), refetchInterval: LIVE_POLL_MS });
  const send = async ({ content }: { content: string }) => {
    setBusy(true);
    try {
      await liveApi.say({ roomId: room.id, content: content.trim() });
      form.resetFields();
      await act(async () => undefined, 'live.done.sent');
    } catch (error) {
      showFormError(form, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form form={form} name="live-presenter" onFinish={send}>
        <Form.Item name="content" rules={[{ required: true, whitespace: true, message: t('live.console.chatPlaceholder') }]} style={{ marginBottom: 8 }}>
          <Input.TextArea rows={2} maxLength={LIVE_MESSAGE_MAX_CHARS} showCount placeholder={t('live.console.chatPlaceholder')} aria-label={t('live.console.chat')} data-testid="live-chat-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy} data-testid="live-chat-send">
          {t('live.action.send')}
        </Button>
      </Form>
      <Typography.Text strong>{t('live.console.recent')}</Typography.Text>
      <List
        size="small"
        loading={messages.isPending}
        dataSource={messages.data?.items ?? []}
        style={{ maxHeight: 320, overflowY: 'auto' }}
        renderItem={(m) => (
          <List.Item
            actions={[
              <Popconfirm key="del" title={t('live.confirm.deleteMessage')} onConfirm={() => act(() => liveApi.removeMessage(m.id), 'live.done.deleted')} okButtonProps={{ danger: true }}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('live.action.delete')} title={t('live.action.delete')} />
              </Popconfirm>,
            ]}
          >
            <Typography.Text>
              {m.fromPresenter ? <Tag color="blue">{t('live.console.presenter')}</Tag> : <Typography.Text type="secondary">{m.nickname}: </Typography.Text>}
              {m.content}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Space>
  );
}
