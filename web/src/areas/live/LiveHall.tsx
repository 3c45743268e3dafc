import { EyeOutlined, TeamOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { LiveRoom, LiveState } from '@pavilion/contract';
import { Alert, Card, Col, Empty, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useExhibitionRooms } from '../../api/live.ts';
import { errorMessage } from '../../components/feedback.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../session/store.ts';
import { liveRoomSitePath, LiveStateTag } from './shared.tsx';

const order: Record<LiveState, number> = { live: 0, idle: 1, ended: 2 };
/** Live first (most viewers first), then planned by start, then the rest by title. */
export const hallOrder = (a: LiveRoom, b: LiveRoom) =>
  order[a.liveState] - order[b.liveState] ||
  b.onlineCount - a.onlineCount ||
  (a.planStartAt && b.planStartAt ? a.planStartAt.localeCompare(b.planStartAt) : a.planStartAt ? -1 : b.planStartAt ? 1 : 0) ||
  a.title.localeCompare(b.title);

/** /live/index/liveHall: the exhibition's shown rooms as a wall of covers; a card opens the visitors' room page. */
export default function LiveHall() {
  const { t } = useTranslation();
  const { exhibitionId } = useSession();
  const rooms = useExhibitionRooms(exhibitionId, true);
  if (!exhibitionId) return <Alert type="info" showIcon title={t('live.noExhibition')} />;
  if (rooms.isPending) return <Skeleton active />;
  if (rooms.isError) return <Alert type="error" showIcon title={errorMessage(rooms.error)} />;
  const items = rooms.data.items.filter((r) => r.isShow).sort(hallOrder);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('live.intro.hall')}</Typography.Text>
      {items.length === 0 && <Empty description={t('live.stream.none')} />}
      <Row gutter={[16, 16]} data-testid="live-hall">
        {items.map((room) => (
          <Col key={room.id} xs={24} sm={12} lg={8} xxl={6}>
            <a href={liveRoomSitePath(exhibitionId, room.id)} target="_blank" rel="noreferrer" data-testid={`live-hall-${room.id}`}>
              <Card
                hoverable
                cover={
                  <div style={{ position: 'relative', aspectRatio: '16 / 9', background: '#1f1f1f', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
                    {room.cover ? <img src={room.cover} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <VideoCameraOutlined style={{ fontSize: 40, color: '#8c8c8c' }} />}
                    <span style={{ position: 'absolute', top: 8, left: 8 }}>
                      <LiveStateTag state={room.liveState} />
                    </span>
                  </div>
                }
              >
                <Card.Meta
                  title={room.title}
                  description={
                    <Space orientation="vertical" size={0}>
                      <Typography.Text type="secondary">{room.companyName ?? t('live.kind.host')}</Typography.Text>
                      <Space size="middle">
                        {room.liveState === 'live' && (
                          <span data-testid={`live-hall-online-${room.id}`}>
                            <TeamOutlined /> {room.onlineCount}
                          </span>
                        )}
                        <span>
                          <EyeOutlined /> {room.viewCount}
                        </span>
                        {room.liveState === 'idle' && room.planStartAt && <span>{formatDateTime(room.planStartAt)}</span>}
                      </Space>
                    </Space>
                  }
                />
              </Card>
            </a>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
