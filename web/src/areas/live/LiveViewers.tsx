import type { LiveViewer } from '@pavilion/contract';
import { Alert, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { liveApi, liveKeys, useExhibitionRooms } from '../../api/live.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { ShowSwitch } from '../../components/ShowSwitch.tsx';
import { useSession } from '../../session/store.ts';
import { roomKeywordOf } from './LiveMessages.tsx';

type ViewerRow = LiveViewer & { key: string };

/** /live/index/live-circusee: who entered each room, when and how often; mute per room. */
export default function LiveViewers() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const rooms = useExhibitionRooms(exhibitionId);
  const resource = useMemo(
    () =>
      defineResource<ViewerRow>({
        name: 'live-viewers',
        rowKey: 'key',
        queryKey: (params) => liveKeys.viewers({ exhibitionId, ...params }),
        fetch: async ({ pageIndex, pageSize, filters }) => {
          const page = await liveApi.viewers({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...roomKeywordOf(filters) });
          // One member may have visited several rooms: the row key is the pair.
          return { ...page, items: page.items.map((v) => ({ ...v, key: `${v.roomId}:${v.memberId}` })) };
        },
        fields: [
          { key: 'roomId', label: 'live.field.room', render: (v) => v.roomTitle, filter: { type: 'choices', choices: (rooms.data?.items ?? []).map((r) => ({ value: r.id, text: r.title })) } },
          { key: 'keyword', label: 'live.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'nickname', label: 'live.viewer.nickname' },
          { key: 'phone', label: 'live.viewer.phone' },
          { key: 'company', label: 'live.viewer.company' },
          { key: 'firstAt', label: 'live.viewer.firstAt', type: 'datetime' },
          { key: 'lastAt', label: 'live.viewer.lastAt', type: 'datetime' },
          { key: 'visits', label: 'live.viewer.visits', type: 'number' },
          {
            key: 'muted',
            label: 'live.viewer.muted',
            render: (v) => (
              <ShowSwitch
                checked={v.muted}
                save={(muted) => liveApi.mute({ roomId: v.roomId, memberId: v.memberId, muted })}
                invalidate={[liveKeys.all]}
                saved={(muted) => t(muted ? 'live.done.muted' : 'live.done.unmuted')}
                aria-label={`${t('live.viewer.muted')} ${v.nickname}`}
                data-testid={`live-viewer-mute-${v.roomId}-${v.memberId}`}
              />
            ),
          },
        ],
      }),
    [exhibitionId, rooms.data, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('live.noExhibition')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('live.intro.viewers')}</Typography.Text>
      <ResourceTable resource={resource} />
    </Space>
  );
}
