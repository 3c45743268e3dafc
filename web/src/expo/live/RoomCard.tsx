import type { ExpoLiveRoomCard } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Countdown } from '../Countdown.tsx';
import { formatCount } from '../format.ts';
import { useSite } from '../hooks.ts';
import { LazyImage } from '../LazyImage.tsx';

export const roomTitle = (lang: string, r: { title: string; titleEn: string | null }) => (lang === 'en' && r.titleEn ? r.titleEn : r.title);

export function LiveBadge() {
  const { t } = useTranslation('expo');
  return (
    <span className="badge live live-badge">
      <span className="pulse" aria-hidden="true" />
      {t('live.badge')}
    </span>
  );
}

export function OnlineCount({ count }: { count: number }) {
  const { t } = useTranslation('expo');
  return <span className="live-online">{t('live.online', { n: formatCount(count) })}</span>;
}

/** A room that is not live: the countdown to its planned start, else whether it has not started or has ended. */
export function RoomSchedule({ room }: { room: Pick<ExpoLiveRoomCard, 'liveState' | 'planStartAt'> }) {
  const { t } = useTranslation('expo');
  const [now] = useState(() => Date.now());
  if (room.liveState === 'live') return null;
  if (room.liveState === 'idle' && room.planStartAt && Date.parse(room.planStartAt) > now) return <Countdown target={room.planStartAt} label={t('live.startsIn')} ended={t('live.soon')} />;
  return <p className="muted live-state">{room.liveState === 'ended' ? t('live.ended') : t('live.idle')}</p>;
}

export function RoomCard({ room }: { room: ExpoLiveRoomCard }) {
  const { t } = useTranslation('expo');
  const { lang, prefix } = useSite();
  const title = roomTitle(lang, room);
  const live = room.liveState === 'live';
  return (
    <li className="live-card" data-testid="live-card">
      <Link to={`${prefix}/live/${room.id}`}>
        <span className="live-card-cover">
          <LazyImage src={room.cover} alt={t('live.cover', { title })} />
          {live ? (
            <span className="live-card-over">
              <LiveBadge />
              <OnlineCount count={room.onlineCount} />
            </span>
          ) : null}
        </span>
        <strong className="live-card-title">{title}</strong>
        <span className="muted">{room.companyName ?? t('live.host')}</span>
        <RoomSchedule room={room} />
      </Link>
    </li>
  );
}
