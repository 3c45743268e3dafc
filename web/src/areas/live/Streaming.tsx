import { ApiOutlined, DeleteOutlined, DisconnectOutlined, EditOutlined, PlusOutlined, PoweroffOutlined, SettingOutlined, UndoOutlined } from '@ant-design/icons';
import { AuditState, liveRoomKinds, liveStates, type LiveRoom } from '@pavilion/contract';
import { Alert, Avatar, Button, Card, Col, Popconfirm, Row, Space, Statistic, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liveApi, liveKeys, useLiveLinePool, type LiveRoomFilters } from '../../api/live.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { AuditToolbar, useAuditDecide } from '../host/audit/AuditToolbar.tsx';
import { auditStateColumn, auditStateOf } from '../host/hostServiceShared.tsx';
import { GiftCatalogue } from './GiftCatalogue.tsx';
import { LineAllocation } from './LineAllocation.tsx';
import { RoomDialog } from './RoomDialog.tsx';
import { KindTag, LiveStateTag, useLiveAction } from './shared.tsx';

/** Where the host opens a room's console: an activity's through its activity, the others by the room's id. */
export const hostConsolePath = (room: Pick<LiveRoom, 'id' | 'kind' | 'activityId'>) =>
  room.kind === 'activity' && room.activityId ? `/live/index/all-activity/room?id=${room.activityId}` : `/live/index/set/my/room?id=${room.id}`;

/** The search form's values as the contract's room filters (unknown values left out). */
export function roomFiltersOf(f: Readonly<Record<string, string>>): Partial<LiveRoomFilters> {
  const out: Partial<LiveRoomFilters> = {};
  if (f.keyword) out.keyword = f.keyword;
  if ((liveRoomKinds as readonly string[]).includes(f.kind ?? '')) out.kind = f.kind as LiveRoom['kind'];
  if ((liveStates as readonly string[]).includes(f.liveState ?? '')) out.liveState = f.liveState as LiveRoom['liveState'];
  const audit = auditStateOf(f.auditState);
  if (audit !== undefined) out.auditState = audit;
  return out;
}

/** The exhibition's pool: lines streaming now against the pool, what is allocated, minutes used. */
export function LinePoolSummary({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const pool = useLiveLinePool(exhibitionId);
  if (!pool.data) return null;
  const p = pool.data;
  return (
    <Card size="small" title={t('live.lines.title')} data-testid="live-pool">
      {p.lineCount === 0 && <Alert type="warning" showIcon title={t('live.lines.noPool')} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 8]}>
        <Col xs={12} md={6}>
          <Statistic title={t('live.lines.inUse')} value={t('live.lines.usage', { used: p.linesInUse, total: p.lineCount })} data-testid="live-pool-in-use" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={`${t('live.lines.allocated')} · ${t('live.lines.lines')}`} value={t('live.lines.usage', { used: p.allocatedLines, total: p.lineCount })} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={`${t('live.lines.allocated')} · ${t('live.lines.minutes')}`} value={t('live.lines.usage', { used: p.allocatedDuration, total: p.duration })} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('live.lines.used')} value={p.usedDuration} />
        </Col>
      </Row>
    </Card>
  );
}

const options = <K extends string>(keys: readonly K[], prefix: 'live.kind' | 'live.state') => keys.map((k) => ({ value: k, label: `${prefix}.${k}` as MessageKey }));

function RoomList({ exhibitionId }: { exhibitionId: string }) {
  const { t } = useTranslation();
  const act = useLiveAction();
  const [editing, setEditing] = useState<LiveRoom | 'new' | null>(null);
  const decide = useAuditDecide(liveApi.decide, [liveKeys.all]);
  const resource = useMemo(
    () =>
      defineResource<LiveRoom>({
        name: 'live-rooms',
        rowKey: 'id',
        queryKey: (params) => liveKeys.list({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => liveApi.page({ pageIndex, pageSize, exhibitionId, ...roomFiltersOf(filters) }),
        fields: [
          { key: 'keyword', label: 'live.field.keyword', filter: { type: 'text' }, column: false },
          {
            key: 'title',
            label: 'live.field.title',
            render: (row) => (
              <Space>
                <Avatar shape="square" size={40} src={row.cover ?? undefined} alt={row.title} />
                <Typography.Text>{row.title}</Typography.Text>
              </Space>
            ),
          },
          { key: 'kind', label: 'live.field.kind', render: (row) => <KindTag kind={row.kind} />, filter: { type: 'select', options: options(liveRoomKinds, 'live.kind') } },
          { key: 'companyName', label: 'live.field.owner', render: (row) => row.companyName ?? t('live.kind.host') },
          { key: 'liveState', label: 'live.field.liveState', render: (row) => <LiveStateTag state={row.liveState} testId={`live-room-state-${row.id}`} />, filter: { type: 'select', options: options(liveStates, 'live.state') } },
          { key: 'onlineCount', label: 'live.field.online', type: 'number' },
          auditStateColumn<LiveRoom>('live.field.auditState'),
          {
            key: 'isShow',
            label: 'live.field.isShow',
            render: (row) => <ShowSwitch checked={row.isShow} save={(isShow) => liveApi.update(row.id, { isShow })} invalidate={[liveKeys.all]} aria-label={`${t('live.field.isShow')} ${row.title}`} data-testid={`live-room-show-${row.id}`} />,
          },
        ],
      }),
    [exhibitionId, t],
  );
  const actions = (row: LiveRoom) => (
    <>
      <Link to={hostConsolePath(row)} data-testid={`live-room-console-${row.id}`}>
        <Button type="link" icon={<SettingOutlined />}>
          {t('live.action.console')}
        </Button>
      </Link>
      <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(row)} aria-label={t('live.action.edit')} title={t('live.action.edit')} data-testid={`live-room-edit-${row.id}`} />
      {row.auditState === AuditState.Pending && <AuditToolbar ids={[row.id]} decide={decide} testIds={{ approve: `live-room-approve-${row.id}`, reject: `live-room-reject-${row.id}` }} />}
      {row.liveState === 'live' && (
        <Popconfirm title={t('live.confirm.stop', { title: row.title })} onConfirm={() => act(() => liveApi.stop(row.id), 'live.done.stopped')} okButtonProps={{ danger: true, 'data-testid': `live-room-stop-confirm-${row.id}` }}>
          <Button type="link" icon={<DisconnectOutlined />} aria-label={t('live.action.stop')} title={t('live.action.stop')} data-testid={`live-room-stop-${row.id}`} />
        </Popconfirm>
      )}
      {row.liveState === 'ended' ? (
        <Button type="link" icon={<UndoOutlined />} onClick={() => act(() => liveApi.update(row.id, { liveState: 'idle' }), 'live.done.reopened')} aria-label={t('live.action.reopen')} title={t('live.action.reopen')} data-testid={`live-room-reopen-${row.id}`} />
      ) : (
        <Popconfirm title={t('live.confirm.end', { title: row.title })} onConfirm={() => act(() => liveApi.update(row.id, { liveState: 'ended' }), 'live.done.ended')} okButtonProps={{ danger: true, 'data-testid': `live-room-end-confirm-${row.id}` }}>
          <Button type="link" icon={<PoweroffOutlined />} aria-label={t('live.action.end')} title={t('live.action.end')} data-testid={`live-room-end-${row.id}`} />
        </Popconfirm>
      )}
      <Popconfirm title={t('live.confirm.delete', { title: row.title })} onConfirm={() => act(() => liveApi.remove(row.id), 'live.done.deleted')} okButtonProps={{ danger: true, 'data-testid': `live-room-delete-confirm-${row.id}` }}>
        <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('live.action.delete')} title={t('live.action.delete')} data-testid={`live-room-delete-${row.id}`} />
      </Popconfirm>
    </>
  );
  return (
    <>
      <ResourceTable
        resource={resource}
        actions={actions}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="live-room-create">
            {t('live.action.create')}
          </Button>
        }
      />
      {editing && <RoomDialog room={editing === 'new' ? null : editing} exhibitionId={exhibitionId} onClose={() => setEditing(null)} />}
    </>
  );
}

/** /live/index/manage/streaming: the exhibition's rooms, the line pool and its allocation to exhibitors, the gift catalogue. */
export default function Streaming() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  if (!exhibitionId) return <Alert type="info" showIcon title={t('live.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('live.intro.streaming')}</Typography.Text>
      <LinePoolSummary exhibitionId={exhibitionId} />
      <Tabs
        items={[
          { key: 'rooms', label: t('live.tab.rooms'), icon: <ApiOutlined />, children: <RoomList exhibitionId={exhibitionId} /> },
          { key: 'lines', label: t('live.tab.lines'), children: <LineAllocation exhibitionId={exhibitionId} /> },
          { key: 'gifts', label: t('live.tab.gifts'), children: <GiftCatalogue exhibitionId={exhibitionId} /> },
        ]}
      />
    </Space>
  );
}

