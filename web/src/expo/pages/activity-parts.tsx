import type { PublicActivity } from '@pavilion/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { expoApi, type ProgrammeQuery } from '../api.ts';
import { Countdown } from '../Countdown.tsx';
import { cst, formatCount } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';

/** Shared by the programme, the activity page, my activities, the home's and the booth's short lists. */

export const titleIn = (lang: string, a: { title: string; titleEn: string | null }) => (lang === 'en' && a.titleEn ? a.titleEn : a.title);

/** `HH:mm – HH:mm`, with the day in front when `withDay` (and on both ends when the activity spans days). */
export function timeSpan(startAt: string, endAt: string, withDay = false): string {
  const s = cst(startAt);
  const e = cst(endAt);
  if (s.day !== e.day) return `${s.day} ${s.time} – ${e.day} ${e.time}`;
  return `${withDay ? `${s.day} ` : ''}${s.time} – ${e.time}`;
}

export function PhaseBadge({ phase }: { phase: PublicActivity['phase'] }) {
  const { t } = useTranslation('expo');
  return <span className={`badge phase-${phase}`}>{t(`activity.phase.${phase}`)}</span>;
}

export function Seats({ a }: { a: Pick<PublicActivity, 'regEnabled' | 'regCount' | 'capacity'> }) {
  const { t } = useTranslation('expo');
  if (!a.regEnabled) return null;
  const count = formatCount(a.regCount);
  return <span data-testid="seats">{a.capacity === null ? t('activity.seatsUnlimited', { count }) : t('activity.seats', { count, capacity: formatCount(a.capacity) })}</span>;
}

/** Who runs it: the exhibitor (its booth linked when `link`) or the exhibition's organiser. */
export function Organiser({ a, link }: { a: Pick<PublicActivity, 'exhibitorId' | 'companyName'>; link?: boolean }) {
  const { t } = useTranslation('expo');
  const { prefix } = useSite();
  if (!a.exhibitorId || !a.companyName) return <>{t('activity.byHost')}</>;
  return link ? <Link to={`${prefix}/exhibitors/${a.exhibitorId}`}>{a.companyName}</Link> : <>{a.companyName}</>;
}

export function ActivityCard({ a, withDay = false }: { a: PublicActivity; withDay?: boolean }) {
  const { t } = useTranslation('expo');
  const { lang, prefix } = useSite();
  const place = [a.hallName, a.venue].filter(Boolean).join(' · ');
  return (
    <li className="activity-card">
      <Link to={`${prefix}/activities/${a.id}`}>
        <span className="activity-time">
          <time dateTime={a.startAt}>{timeSpan(a.startAt, a.endAt, withDay)}</time>
          <PhaseBadge phase={a.phase} />
          {a.liveOpen && a.phase !== 'cancelled' ? <span className="badge live">{t('activity.liveNow')}</span> : null}
        </span>
        <strong className="activity-title">{titleIn(lang, a)}</strong>
        <span className="muted">
          {t(`activity.kind.${a.kind}`)}
          {a.categoryName ? ` · ${a.categoryName}` : ''}
          {place ? ` · ${place}` : ''}
        </span>
        <span className="muted">
          {t('activity.organiserLabel')}
          <Organiser a={a} />
        </span>
        <Seats a={a} />
        {a.phase === 'upcoming' ? <Countdown target={a.startAt} label={t('activity.startsIn')} /> : null}
      </Link>
    </li>
  );
}

/** A few activities (the home's coming ones, a booth's), with a link to the programme; nothing when there are none. */
export function ActivityPreview({ query, count, title, upcomingOnly = false }: { query: ProgrammeQuery; count: number; title: string; upcomingOnly?: boolean }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const list = useLoad(() => expoApi.activities(exhibitionId, { ...query, pageSize: upcomingOnly ? 50 : count }), [exhibitionId, JSON.stringify(query)]);
  const items = (list.data?.items ?? []).filter((a) => !upcomingOnly || a.phase === 'upcoming' || a.phase === 'ongoing').slice(0, count);
  if (!items.length) return null;
  return (
    <section aria-labelledby="activity-preview">
      <h2 id="activity-preview">{title}</h2>
      <ul className="activity-list">
        {items.map((a) => (
          <ActivityCard key={a.id} a={a} withDay />
        ))}
      </ul>
      <p>
        <Link to={`${prefix}/activities`}>{t('activity.all')}</Link>
      </p>
    </section>
  );
}
