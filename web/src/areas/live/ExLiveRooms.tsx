import { EditOutlined, DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { LiveRoom } from '@pavilion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Card, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { liveApi, liveKeys } from '../../api/live.ts';
import { langOfPath } from '../../i18n/index.ts';
import { exhibitorBase } from '../../session/guard.ts';
import { useSession } from '../../session/store.ts';
import { AuditCell } from '../exhibitor/AuditStatus.tsx';
import { RoomDialog } from './RoomDialog.tsx';
import { LiveStateTag, roomTitle, useLiveAction } from './shared.tsx';
import { useActionColumnFixed } from '../../components/actionColumn.ts';

/** /ex-live/index/liveRoom (and -en): the exhibitor's rooms, their review and live state; create, edit, open. */
export default function ExLiveRooms() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = exhibitorBase(pathname);
  const en = langOfPath(pathname) === 'en';
  const { exhibitorId, exhibitionId } = useSession();
  const act = useLiveAction();
  const actionsFixed = useActionColumnFixed();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 });
  const [editing, setEditing] = useState<LiveRoom | 'new' | null>(null);
  const query = { ...paging, exhibitionId: exhibitionId ?? undefined, exhibitorId: exhibitorId ?? undefined };
  const list = useQuery({ queryKey: liveKeys.list(query), queryFn: () => liveApi.page(query), enabled: Boolean(exhibitorId && exhibitionId), placeholderData: keepPreviousData });
  if (!exhibitorId || !exhibitionId) return <Alert type="warning" showIcon title={t('live.missingExhibitor')} />;

  const columns: TableColumnsType<LiveRoom> = [
    {
      key: 'title',
      title: t('live.field.title'),
      render: (_, r) => (
        <Space>
          <Avatar shape="square" size={40} src={r.cover ?? undefined} alt={r.title} />
          <Typography.Text>{roomTitle(r, en)}</Typography.Text>
        </Space>
      ),
    },
    { key: 'audit', title: t('live.field.auditState'), render: (_, r) => <AuditCell item={r} reasonTestId={`live-room-reason-${r.id}`} /> },
    { key: 'state', title: t('live.field.liveState'), render: (_, r) => <LiveStateTag state={r.liveState} /> },
    { key: 'online', title: t('live.field.online'), dataIndex: 'onlineCount' },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: actionsFixed,
      render: (_, r) => (
        <Space size={0}>
          <Link to={`${base}/index/liveRoomInfo?id=${r.id}`} data-testid={`live-room-info-${r.id}`}>
            <Button type="link" icon={<SettingOutlined />} aria-label={t('live.action.info')} title={t('live.action.info')} />
          </Link>
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(r)} aria-label={t('live.action.edit')} title={t('live.action.edit')} data-testid={`live-room-edit-${r.id}`} />
          <Popconfirm title={t('live.confirm.delete', { title: roomTitle(r, en) })} onConfirm={() => act(() => liveApi.remove(r.id), 'live.done.deleted')} okButtonProps={{ danger: true, 'data-testid': `live-room-delete-confirm-${r.id}` }}>
            <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('live.action.delete')} title={t('live.action.delete')} data-testid={`live-room-delete-${r.id}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('live.intro.exRooms')}</Typography.Text>
      <Card variant="borderless">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="live-room-create">
          {t('live.action.create')}
        </Button>
        <Table<LiveRoom>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ current: paging.pageIndex, pageSize: paging.pageSize, total: list.data?.totalCount ?? 0, showTotal: (total) => t('common.total', { total }), onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }) }}
        />
      </Card>
      {editing && <RoomDialog room={editing === 'new' ? null : editing} exhibitionId={exhibitionId} exhibitorId={exhibitorId} onClose={() => setEditing(null)} />}
    </Space>
  );
}
