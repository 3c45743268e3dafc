import { PlusOutlined } from '@ant-design/icons';
import type { LiveRoom } from '@pavilion/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { liveApi, liveKeys } from '../../api/live.ts';
import { errorMessage } from '../../components/feedback.tsx';
import { langOfPath } from '../../i18n/index.ts';
import { useSession } from '../../session/store.ts';
import { RoomConsole } from './RoomConsole.tsx';
import { RoomDialog } from './RoomDialog.tsx';
import { roomTitle } from './shared.tsx';

/**
 * "My room": the owner's rooms (the host's own, or the exhibitor's), `?id` or the first one in the console,
 * a switch between them, and a create button when there is none.
 */
function MyRoom({ exhibitionId, exhibitorId }: { exhibitionId: string; exhibitorId: string | null }) {
  const { t } = useTranslation();
  const en = langOfPath(useLocation().pathname) === 'en';
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const query = { exhibitionId, pageIndex: 1, pageSize: 100, ...(exhibitorId ? { exhibitorId, kind: 'exhibitor' as const } : { kind: 'host' as const }) };
  const rooms = useQuery({ queryKey: liveKeys.list(query), queryFn: () => liveApi.page(query) });
  if (rooms.isPending) return <Skeleton active />;
  if (rooms.isError) return <Alert type="error" showIcon title={errorMessage(rooms.error)} />;
  const items = rooms.data.items;
  // The host opens any room of its exhibition here from the rooms list (?id), not only its own.
  const asked = params.get('id');
  const chosenId = asked ?? items[0]?.id;
  const chosen = items.find((r) => r.id === chosenId);
  const open = (room: LiveRoom) => setParams({ id: room.id }, { replace: true });
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="live-room-create">
      {t('live.action.create')}
    </Button>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {chosenId ? (
        <Space wrap>
          <Select
            style={{ minWidth: 240 }}
            aria-label={t('live.console.pick')}
            value={chosen?.id}
            onChange={(id) => setParams({ id }, { replace: true })}
            options={items.map((r) => ({ value: r.id, label: roomTitle(r, en) }))}
            data-testid="live-room-pick"
          />
          {create}
        </Space>
      ) : (
        <Empty description={t('live.console.none')}>{create}</Empty>
      )}
      {chosenId && <RoomConsole key={chosenId} roomId={chosenId} en={en} exhibitor={Boolean(exhibitorId)} />}
      {creating && <RoomDialog room={null} exhibitionId={exhibitionId} exhibitorId={exhibitorId} onClose={() => setCreating(false)} onSaved={open} />}
    </Space>
  );
}

/** /live/index/set/my/room: the host's own rooms of the current exhibition. */
export function HostMyRoom() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  if (!exhibitionId) return <Alert type="info" showIcon title={t('live.noExhibition')} />;
  return <MyRoom exhibitionId={exhibitionId} exhibitorId={null} />;
}

/** /ex-live/index/set/my/room (and -en): the exhibitor's room, the first of its rooms, or create one. */
export function ExMyRoom() {
  const { t } = useTranslation();
  const { exhibitionId, exhibitorId } = useSession();
  if (!exhibitionId || !exhibitorId) return <Alert type="warning" showIcon title={t('live.missingExhibitor')} />;
  return <MyRoom exhibitionId={exhibitionId} exhibitorId={exhibitorId} />;
}

/** /ex-live/index/liveRoomInfo?id (and -en): one of the exhibitor's rooms in the console. */
export function ExRoomInfo() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id');
  const en = langOfPath(useLocation().pathname) === 'en';
  if (!id) return <Alert type="warning" showIcon title={t('live.missingId')} />;
  return <RoomConsole roomId={id} en={en} exhibitor />;
}

/** /live/index/all-activity/room?id=<activityId>: the room of an activity whose live application was approved. */
export function ActivityRoom() {
  const { t } = useTranslation();
  const activityId = useSearchParams()[0].get('id');
  const room = useQuery({ queryKey: liveKeys.ofActivity(activityId ?? ''), queryFn: () => liveApi.ofActivity(activityId!), enabled: Boolean(activityId), retry: false });
  if (!activityId) return <Alert type="warning" showIcon title={t('live.missingActivity')} />;
  if (room.isPending) return <Skeleton active />;
  if (room.isError) {
    const none = room.error instanceof ApiError && room.error.status === 404;
    return <Alert type={none ? 'info' : 'error'} showIcon title={none ? t('live.noActivityRoom') : errorMessage(room.error)} data-testid="live-activity-none" />;
  }
  return <RoomConsole roomId={room.data.id} />;
}
