import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import { nameIn } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { LazyImage } from '../LazyImage.tsx';
import { zonesApi } from './zonesApi.ts';

const day = (s: string | null) => (s ? s.slice(0, 10) : '');

/** /expo/:id/topics: the shown topics and brand zones whose window covers now. */
export default function Topics() {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const read = useLoad(() => zonesApi.topics(exhibitionId), [exhibitionId]);
  if (read.error) return <Failed onRetry={read.reload} />;
  if (!read.data) return <Loading />;
  const en = lang === 'en';
  return (
    <>
      <h1>{t('zones.topics')}</h1>
      {read.data.length ? (
        <ul className="topic-list" data-testid="topics">
          {read.data.map((x) => (
            <li key={x.id}>
              <Link to={`${prefix}/topics/${x.id}`} className="topic-card">
                {x.banner ? <LazyImage src={x.banner} alt="" className="topic-banner" /> : null}
                <strong>{nameIn(lang, x)}</strong>
                <span className="muted">
                  {t(`zones.kind.${x.kind}`)}
                  {x.startAt || x.endAt ? ` · ${t('zones.window', { from: day(x.startAt), to: day(x.endAt) })}` : ''}
                </span>
                {(en ? x.descriptionEn || x.description : x.description) ? <span className="topic-description">{en ? x.descriptionEn || x.description : x.description}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="status">{t('zones.noTopics')}</p>
      )}
    </>
  );
}
