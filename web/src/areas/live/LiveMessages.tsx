import { AudioMutedOutlined, DeleteOutlined } from '@ant-design/icons';
import type { LiveMessage } from '@pavilion/contract';
import { Alert, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { liveApi, liveKeys, useExhibitionRooms } from '../../api/live.ts';
import { defineResource, ResourceTable } from '../../components/ResourceTable.tsx';
import { useSession } from '../../session/store.ts';
import { useLiveAction } from './shared.tsx';

/** The search form's room and keyword as the contract's filters. */
export const roomKeywordOf = (f: Readonly<Record<string, string>>) => ({ ...(f.roomId ? { roomId: f.roomId } : {}), ...(f.keyword ? { keyword: f.keyword } : {}) });

/** /live/index/live-message: comments across the exhibition's rooms; delete one, or mute its author in that room. */
export default function LiveMessages() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const rooms = useExhibitionRooms(exhibitionId);
  const act = useLiveAction();
  const resource = useMemo(
    () =>
      defineResource<LiveMessage>({
        name: 'live-messages',
        rowKey: 'id',
        queryKey: (params) => liveKeys.messages({ exhibitionId, ...params }),
        fetch: ({ pageIndex, pageSize, filters }) => liveApi.messages({ pageIndex, pageSize, exhibitionId: exhibitionId!, ...roomKeywordOf(filters) }),
        fields: [
          { key: 'roomId', label: 'live.field.room', render: (m) => m.roomTitle, filter: { type: 'choices', choices: (rooms.data?.items ?? []).map((r) => ({ value: r.id, text: r.title })) } },
          { key: 'keyword', label: 'live.field.keyword', filter: { type: 'text' }, column: false },
          { key: 'nickname', label: 'live.message.nickname', render: (m) => (m.fromPresenter ? <Tag color="blue">{t('live.console.presenter')}</Tag> : m.nickname) },
          { key: 'content', label: 'live.message.content', render: (m) => <Typography.Paragraph style={{ margin: 0, maxWidth: 480 }}>{m.content}</Typography.Paragraph> },
          { key: 'createAt', label: 'live.message.time', type: 'datetime' },
        ],
      }),
    [exhibitionId, rooms.data, t],
  );
  if (!exhibitionId) return <Alert type="info" showIcon title={t('live.noExhibition')} />;
  const actions = (m: LiveMessage) => (
    <>
      <Popconfirm title={t('live.confirm.deleteMessage')} onConfirm={() => act(() => liveApi.removeMessage(m.id), 'live.done.deleted')} okButtonProps={{ danger: true, 'data-testid': `live-message-delete-confirm-${m.id}` }}>
        <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('live.action.delete')} title={t('live.action.delete')} data-testid={`live-message-delete-${m.id}`} />
      </Popconfirm>
      {m.memberId && !m.fromPresenter && (
        <Popconfirm
          title={t('live.confirm.mute', { name: m.nickname, room: m.roomTitle })}
          onConfirm={() => act(() => liveApi.mute({ roomId: m.roomId, memberId: m.memberId!, muted: true }), 'live.done.muted')}
          okButtonProps={{ danger: true, 'data-testid': `live-message-mute-confirm-${m.id}` }}
        >
          <Button type="link" icon={<AudioMutedOutlined />} data-testid={`live-message-mute-${m.id}`}>
            {t('live.action.mute')}
          </Button>
        </Popconfirm>
      )}
    </>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('live.intro.messages')}</Typography.Text>
      <ResourceTable resource={resource} actions={actions} />
    </Space>
  );
}
