import type { ExpoDirectoryItem, ExpoTopicDetail } from '@pavilion/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Failed, Loading, Missing } from '../App.tsx';
import { ExpoError } from '../api.ts';
import { nameIn } from '../format.ts';
import { useSite } from '../hooks.ts';
import { ExhibitorCard } from './parts.tsx';
import { zonesApi } from './zonesApi.ts';

const SIZE = 20;
const day = (s: string | null) => (s ? s.slice(0, 10) : '');

/** /expo/:id/topics/:topicId: a topic, its banner and description, and its exhibitors (more on demand). */
export default function Topic() {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const { topicId = '' } = useParams();
  const [topic, setTopic] = useState<ExpoTopicDetail | null>(null);
  const [items, setItems] = useState<ExpoDirectoryItem[]>([]);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    zonesApi.topic(exhibitionId, topicId, page, SIZE).then(
      (d) => {
        if (!live) return;
        setTopic(d);
        setItems((prev) => (page === 1 ? d.exhibitors.items : [...prev, ...d.exhibitors.items]));
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [exhibitionId, topicId, page, round]);

  if (error) return error instanceof ExpoError && error.status === 404 ? <Missing /> : <Failed onRetry={() => (setError(null), setRound((r) => r + 1))} />;
  if (!topic) return <Loading />;
  const en = lang === 'en';
  const description = en ? topic.descriptionEn || topic.description : topic.description;
  return (
    <>
      <p>
        <Link to={`${prefix}/topics`}>{t('zones.allTopics')}</Link>
      </p>
      {topic.banner ? <img className="hero-banner" src={topic.banner} alt="" /> : null}
      <h1>{nameIn(lang, topic)}</h1>
      <p className="muted">
        {t(`zones.kind.${topic.kind}`)}
        {topic.startAt || topic.endAt ? ` · ${t('zones.window', { from: day(topic.startAt), to: day(topic.endAt) })}` : ''}
      </p>
      {description ? <p className="prose">{description}</p> : null}
      <section aria-labelledby="topic-exhibitors">
        <h2 id="topic-exhibitors">{t('zones.exhibitors')}</h2>
        {items.length ? (
          <ul className="exhibitor-list" data-testid="topic-exhibitors">
            {items.map((x) => (
              <ExhibitorCard key={x.id} x={x} />
            ))}
          </ul>
        ) : (
          <p className="status">{t('zones.noExhibitors')}</p>
        )}
        {items.length < topic.exhibitors.totalCount ? (
          <button type="button" className="button" onClick={() => setPage((p) => p + 1)}>
            {t('zones.more')}
          </button>
        ) : null}
      </section>
    </>
  );
}
