import { Alert, Card, Empty, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExhibitionRooms } from '../../api/live.ts';
import { errorMessage } from '../../components/feedback.tsx';
import { useSession } from '../../session/store.ts';
import { StreamPanel } from './StreamPanel.tsx';
import { KindTag, LiveStateTag } from './shared.tsx';

/** /live/index/liveUrl: the push URL and stream key of a room of the exhibition, for OBS. */
export default function LiveUrl() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const rooms = useExhibitionRooms(exhibitionId);
  const [picked, setPicked] = useState<string | null>(null);
  if (!exhibitionId) return <Alert type="info" showIcon title={t('live.noExhibition')} />;
  if (rooms.isPending) return <Skeleton active />;
  if (rooms.isError) return <Alert type="error" showIcon title={errorMessage(rooms.error)} />;
  const items = rooms.data.items;
  const room = items.find((r) => r.id === picked) ?? items[0];
  if (!room) return <Empty description={t('live.stream.none')} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Text type="secondary">{t('live.intro.liveUrl')}</Typography.Text>
      <Space wrap>
        <Select
          style={{ minWidth: 280 }}
          aria-label={t('live.stream.pick')}
          value={room.id}
          onChange={setPicked}
          showSearch={{ optionFilterProp: 'title' }}
          options={items.map((r) => ({ value: r.id, title: r.title, label: `${r.title}${r.companyName ? ` · ${r.companyName}` : ''}` }))}
          data-testid="live-url-room"
        />
        <KindTag kind={room.kind} />
        <LiveStateTag state={room.liveState} />
      </Space>
      <Card size="small">
        <StreamPanel key={room.id} roomId={room.id} />
      </Card>
    </Space>
  );
}
