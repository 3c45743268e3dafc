import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Failed, Loading, Missing } from '../App.tsx';
import { ExpoError } from '../api.ts';
import { Countdown } from '../Countdown.tsx';
import { cst, daysFrom, formatCount, nameIn } from '../format.ts';
import { useSite } from '../hooks.ts';
import { LazyImage } from '../LazyImage.tsx';
import { LiveStrip } from '../live/LiveStrip.tsx';
import { ActivityPreview } from './activity-parts.tsx';
import { FeaturedStrips, TopicsLink } from '../zones/parts.tsx';

export default function Home() {
  const { t } = useTranslation('expo');
  const { lang, prefix, home, homeError, reloadHome } = useSite();
  const [today] = useState(() => cst(Date.now()).day);
  if (homeError) return homeError instanceof ExpoError && homeError.status === 404 ? <Missing /> : <Failed onRetry={reloadHome} />;
  if (!home) return <Loading />;
  const en = lang === 'en';
  const { exhibitorCount, viewCount } = home.figures;
  const notice = en ? home.visitorReg.noticeEn : home.visitorReg.notice;
  const description = en ? (home.descriptionEn ?? home.description) : home.description;
  const address = en ? (home.addressEn ?? home.address) : home.address;
  // The coming activities: today's while the show runs, the first day's before it; none once it is over.
  const days = home.startTime && home.endTime ? daysFrom(home.startTime.slice(0, 10), home.endTime.slice(0, 10)) : [];
  const previewDay = home.state === 'over' ? null : days.includes(today) ? today : days[0];
  return (
    <>
      <section className="hero">
        {home.banner ? <img className="hero-banner" src={home.banner} alt="" /> : null}
        <div className="hero-text">
          <h1>{nameIn(lang, home)}</h1>
          <p className={`state state-${home.state}`}>{t(`state.${home.state}`)}</p>
          {home.startAt ? <Countdown target={home.startAt} /> : null}
        </div>
      </section>
      <dl className="facts">
        {home.startTime ? (
          <div>
            <dt>{t('home.dates')}</dt>
            <dd>
              <time dateTime={home.startAt ?? undefined}>{home.startTime}</time>
              {home.endTime ? (
                <>
                  {' – '}
                  <time dateTime={home.endAt ?? undefined}>{home.endTime}</time>
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        {address ? (
          <div>
            <dt>{t('home.address')}</dt>
            <dd>{address}</dd>
          </div>
        ) : null}
      </dl>
      {exhibitorCount !== null || viewCount !== null ? (
        <ul className="figures">
          {exhibitorCount !== null ? (
            <li>
              <strong data-testid="figure-exhibitors">{formatCount(exhibitorCount)}</strong>
              <span>{t('home.exhibitorCount')}</span>
            </li>
          ) : null}
          {viewCount !== null ? (
            <li>
              <strong data-testid="figure-views">{formatCount(viewCount)}</strong>
              <span>{t('home.viewCount')}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="actions">
        <Link className="button primary" to={`${prefix}/register`}>
          {t('home.register')}
        </Link>
        <Link className="button" to={`${prefix}/exhibitors`}>
          {t('home.browse')}
        </Link>
        <Link className="button" to={`${prefix}/activities`}>
          {t('activity.programme')}
        </Link>
        <TopicsLink />
      </div>
      {notice ? <p className="notice">{notice}</p> : null}
      <LiveStrip />
      <FeaturedStrips />
      {previewDay ? <ActivityPreview query={{ day: previewDay }} count={3} upcomingOnly title={t('activity.next')} /> : null}
      {home.logoGrid.items.length ? (
        <section aria-labelledby="logos">
          <h2 id="logos">{t('home.logos')}</h2>
          <ul className="logo-grid" style={{ '--cols': Math.min(home.logoGrid.col, 6) } as React.CSSProperties}>
            {home.logoGrid.items.map((x) => (
              <li key={x.id}>
                <Link to={`${prefix}/exhibitors/${x.id}`} aria-label={nameIn(lang, x)}>
                  <LazyImage src={x.logo} alt={t('directory.logoOf', { name: nameIn(lang, x) })} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {description ? (
        <section aria-labelledby="about">
          <h2 id="about">{t('home.description')}</h2>
          <p className="prose">{description}</p>
        </section>
      ) : null}
    </>
  );
}
