import type { ExpoLiveRoomCard } from '@pavilion/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Failed } from '../App.tsx';
import { expoApi } from '../api.ts';
import { useSite } from '../hooks.ts';
import { RoomCard } from '../live/RoomCard.tsx';

const PAGE_SIZE = 20;

type List = { items: ExpoLiveRoomCard[]; pageIndex: number; more: boolean };

/** The live hall: the exhibition's rooms, live ones first (the server's order), a page at a time. */
export default function LiveRooms() {
  const { t } = useTranslation('expo');
  const { exhibitionId } = useSite();
  const [list, setList] = useState<List | null>(null);
  const [want, setWant] = useState(1);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    expoApi.liveRooms(exhibitionId, { pageIndex: want, pageSize: PAGE_SIZE }).then(
      (page) => {
        if (!current) return;
        setFailed(false);
        setList((l) => {
          const before = want > 1 && l ? l.items : [];
          const seen = new Set(before.map((x) => x.id));
          return { items: [...before, ...page.items.filter((x) => !seen.has(x.id))], pageIndex: page.pageIndex, more: page.pageIndex < page.totalPages };
        });
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [exhibitionId, want, round]);

  const loading = !failed && (!list || list.pageIndex < want);
  return (
    <section className="live-hall" aria-labelledby="live-hall">
      <h1 id="live-hall">{t('live.hall')}</h1>
      {list?.items.length ? (
        <ul className="live-grid">
          {list.items.map((r) => (
            <RoomCard key={r.id} room={r} />
          ))}
        </ul>
      ) : null}
      {failed ? (
        <Failed onRetry={() => setRound((r) => r + 1)} />
      ) : loading ? (
        <p className="status" role="status">
          {t('common.loading')}
        </p>
      ) : !list?.items.length ? (
        <p className="status">{t('live.empty')}</p>
      ) : list.more ? (
        <div className="actions">
          <button type="button" className="button block" onClick={() => setWant(list.pageIndex + 1)}>
            {t('common.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
