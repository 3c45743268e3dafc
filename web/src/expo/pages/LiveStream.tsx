import type { ActivityLiveEvent, ActivityLivePost } from '@pavilion/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expoApi } from '../api.ts';
import { useEventStream } from '../events.ts';
import { cst } from '../format.ts';
import { LazyImage } from '../LazyImage.tsx';

/** Pinned first, then newest first. */
const order = (posts: ActivityLivePost[]) => [...posts].sort((x, y) => Number(y.pinned) - Number(x.pinned) || Date.parse(y.createAt) - Date.parse(x.createAt));

/** The read merged with what the stream brought meanwhile (by id; the stream's copy is the newer). */
function merge(read: ActivityLivePost[], current: ActivityLivePost[]): ActivityLivePost[] {
  const newest = read.reduce((m, p) => Math.max(m, Date.parse(p.createAt)), 0);
  const byId = new Map(read.map((p) => [p.id, p]));
  for (const p of current) if (byId.has(p.id) || Date.parse(p.createAt) > newest) byId.set(p.id, p);
  return order([...byId.values()]);
}

/**
 * The activity's image-text posts: read once, then, while `stream` (the live is open), kept current by the
 * Server-Sent Events of `…/live/events` (new posts on top, deleted ones removed); after a reconnection the list is
 * read again, since posts may have come or gone meanwhile.
 */
export function useLivePosts(exhibitionId: string, activityId: string, stream: boolean) {
  const [posts, setPosts] = useState<ActivityLivePost[]>([]);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    expoApi.live(exhibitionId, activityId).then(
      (read) => live && setPosts((current) => merge(read, current)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [exhibitionId, activityId, round]);

  useEventStream<ActivityLiveEvent>(
    stream ? expoApi.liveEventsUrl(exhibitionId, activityId) : null,
    (event) => {
      if (event.type === 'post') setPosts((current) => order([event.post, ...current.filter((p) => p.id !== event.post.id)]));
      else if (event.type === 'delete') setPosts((current) => current.filter((p) => p.id !== event.id));
    },
    () => setRound((r) => r + 1),
  );

  return { posts };
}

export function LiveStream({ posts }: { posts: ActivityLivePost[] }) {
  const { t } = useTranslation('expo');
  return (
    <section aria-labelledby="activity-live">
      <h2 id="activity-live" className="visually-hidden">
        {t('activity.live')}
      </h2>
      {posts.length ? (
        <ol className="live-posts" aria-live="polite">
          {posts.map((p) => (
            <li key={p.id} className="live-post" data-testid="live-post">
              <p className="muted">
                <time dateTime={p.createAt}>
                  {cst(p.createAt).day} {cst(p.createAt).time}
                </time>
                {p.pinned ? <span className="badge">{t('activity.pinned')}</span> : null}
              </p>
              {p.content ? <p className="prose">{p.content}</p> : null}
              {p.pictures.length ? (
                <ul className="gallery">
                  {p.pictures.map((src, i) => (
                    <li key={src}>
                      <a href={src} target="_blank" rel="noopener noreferrer">
                        <LazyImage src={src} alt={t('activity.livePicture', { n: i + 1 })} className="cover" />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="status" role="status">
          {t('activity.liveEmpty')}
        </p>
      )}
    </section>
  );
}
