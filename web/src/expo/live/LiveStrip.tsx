import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { expoApi } from '../api.ts';
import { useLoad, useSite } from '../hooks.ts';
import { RoomCard } from './RoomCard.tsx';

/** The home's strip of rooms streaming now; nothing when none is (or the read fails: the home stands without it). */
export function LiveStrip() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const read = useLoad(() => expoApi.liveRooms(exhibitionId, { pageIndex: 1, pageSize: 6 }), [exhibitionId]);
  const live = (read.data?.items ?? []).filter((r) => r.liveState === 'live');
  if (!live.length) return null;
  return (
    <section className="live-strip" aria-labelledby="live-now">
      <h2 id="live-now" className="section-head">
        <span>{t('live.nowLive')}</span>
        <Link to={`${prefix}/live`}>{t('live.all')}</Link>
      </h2>
      <ul className="live-strip-list">
        {live.map((r) => (
          <RoomCard key={r.id} room={r} />
        ))}
      </ul>
    </section>
  );
}

/** The booth's link to its exhibitor's room: a lazy chunk of its own, read after the booth shows. */
export default function BoothLive({ exhibitorId }: { exhibitorId: string }) {
  const { t } = useTranslation('expo');
  const { exhibitionId } = useSite();
  const read = useLoad(() => expoApi.liveRooms(exhibitionId, { pageIndex: 1, pageSize: 2, exhibitorId }), [exhibitionId, exhibitorId]);
  const rooms = read.data?.items ?? [];
  if (!rooms.length) return null;
  return (
    <section aria-labelledby="booth-live">
      <h2 id="booth-live">{t('live.ofExhibitor')}</h2>
      <ul className="live-grid">
        {rooms.map((r) => (
          <RoomCard key={r.id} room={r} />
        ))}
      </ul>
    </section>
  );
}
