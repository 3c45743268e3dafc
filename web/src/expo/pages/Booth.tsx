import type { ExpoViewCount } from '@pavilion/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Failed, Loading, Missing } from '../App.tsx';
import { expoApi, ExpoError, visitorToken } from '../api.ts';
import { formatCount, nameIn } from '../format.ts';
import { useLoad, useSite, useSiteFeature } from '../hooks.ts';
import { LazyImage } from '../LazyImage.tsx';
import { ActivityPreview } from './activity-parts.tsx';
import type { EngagementState } from '@pavilion/contract';
// The error codes alone: the contract's index would bring zod into the booth page.
import { ErrorCode } from '@pavilion/contract/errors';
import { EnquiryButton } from '../matching/EnquiryButton.tsx';

// The exhibitor's live room, read once the booth shows, in a chunk of its own so the booth's first load stays as it was.
const BoothLive = lazy(() => import('../live/LiveStrip.tsx'));
const BoothReviews = lazy(() => import('../matching/ReviewSection.tsx'));
const AppointmentBook = lazy(() => import('../matching/AppointmentBook.tsx'));

/** The booth page: the read is cached, so the view is counted by its own call once the page shows. */
export default function BoothPage() {
  const { exhibitorId = '' } = useParams();
  return <Booth key={exhibitorId} exhibitorId={exhibitorId} />;
}

function Booth({ exhibitorId }: { exhibitorId: string }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const appointments = useSiteFeature('appointment');
  const reviews = useSiteFeature('evaluate');
  const navigate = useNavigate();
  const booth = useLoad(() => expoApi.booth(exhibitionId, exhibitorId), [exhibitionId, exhibitorId]);
  const [counts, setCounts] = useState<Partial<ExpoViewCount>>({});
  const [mine, setMine] = useState<EngagementState | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const counted = useRef('');
  const signedIn = Boolean(visitorToken.get(exhibitionId));

  useEffect(() => {
    if (counted.current === exhibitorId) return;
    counted.current = exhibitorId;
    expoApi.countView(exhibitionId, exhibitorId).then(
      (live) => setCounts((c) => ({ ...c, ...live })),
      () => undefined,
    );
  }, [exhibitionId, exhibitorId]);

  useEffect(() => {
    if (!signedIn) return;
    expoApi.mine(exhibitionId, exhibitorId).then(setMine, () => undefined);
  }, [exhibitionId, exhibitorId, signedIn]);

  if (booth.error) return booth.error instanceof ExpoError && booth.error.status === 404 ? <Missing /> : <Failed onRetry={booth.reload} />;
  const b = booth.data;
  if (!b) return <Loading />;
  const c = { ...b, ...counts };
  const company = b.company;
  const intro = lang === 'en' ? (company.introductionEn ?? company.introduction) : company.introduction;

  const needSignIn = () => {
    setMessage(t('booth.signInFirst'));
    navigate(`${prefix}/login`, { state: { next: `${prefix}/exhibitors/${exhibitorId}` } });
  };
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (err instanceof ExpoError && err.code === ErrorCode.AlreadyLiked) {
        setMine((m) => ({ followed: m?.followed ?? false, liked: true }));
        setMessage(t('booth.alreadyLiked'));
      } else if (err instanceof ExpoError && err.status !== 401) setMessage(err.message || t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  const like = () => {
    if (!signedIn) return needSignIn();
    if (mine?.liked) return setMessage(t('booth.alreadyLiked'));
    return act(async () => {
      const { likeCount } = await expoApi.like(exhibitionId, exhibitorId);
      setCounts((x) => ({ ...x, likeCount }));
      setMine((m) => ({ followed: m?.followed ?? false, liked: true }));
      setMessage(t('booth.liked'));
    });
  };
  const follow = () => {
    if (!signedIn) return needSignIn();
    return act(async () => {
      const { followCount } = mine?.followed ? await expoApi.unfollow(exhibitionId, exhibitorId) : await expoApi.follow(exhibitionId, exhibitorId);
      setCounts((x) => ({ ...x, followCount }));
      setMine((m) => ({ liked: m?.liked ?? false, followed: !m?.followed }));
      setMessage('');
    });
  };
  const share = () =>
    act(async () => {
      const url = window.location.href;
      const title = nameIn(lang, company);
      if (navigator.share) await navigator.share({ title, url }).catch(() => undefined);
      else await navigator.clipboard?.writeText(url).catch(() => undefined);
      const { shareCount } = await expoApi.share(exhibitionId, exhibitorId);
      setCounts((x) => ({ ...x, shareCount }));
      if (!navigator.share) setMessage(t('booth.shared'));
    });

  return (
    <article className="booth">
      {b.banner ? <img className="hero-banner" src={b.banner} alt="" /> : null}
      <header className="booth-head">
        <LazyImage src={company.logo} alt={t('directory.logoOf', { name: nameIn(lang, company) })} className="logo large" />
        <div>
          <h1>{nameIn(lang, company)}</h1>
          {b.booths.length || b.boothInfo ? (
            <p>
              <span className="muted">{t('booth.booth')}：</span>
              {b.booths.length ? b.booths.map((x) => t('booth.hall', { hall: lang === 'en' && x.hallEn ? x.hallEn : x.hall, code: x.code })).join('、') : b.boothInfo}
            </p>
          ) : null}
          {b.categories.length ? <p className="muted">{b.categories.map((k) => nameIn(lang, k)).join(' · ')}</p> : null}
        </div>
      </header>
      <ul className="figures small" aria-label={t('booth.views')}>
        {(
          [
            ['likes', c.likeCount],
            ['follows', c.followCount],
            ['shares', c.shareCount],
            ['views', c.viewCount],
          ] as const
        ).map(([key, n]) => (
          <li key={key}>
            <strong data-testid={`count-${key}`}>{formatCount(n)}</strong>
            <span>{t(`booth.${key}`)}</span>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className={`button ${mine?.liked ? 'on' : 'primary'}`} aria-pressed={Boolean(mine?.liked)} onClick={() => void like()} disabled={busy}>
          {mine?.liked ? t('booth.liked') : t('booth.like')}
        </button>
        <button type="button" className={`button ${mine?.followed ? 'on' : ''}`} aria-pressed={Boolean(mine?.followed)} onClick={() => void follow()} disabled={busy}>
          {mine?.followed ? t('booth.followed') : t('booth.follow')}
        </button>
        <button type="button" className="button" onClick={() => void share()} disabled={busy}>
          {t('booth.share')}
        </button>
        <EnquiryButton exhibitorId={exhibitorId} />
        {appointments ? (
          <Suspense fallback={null}>
            <AppointmentBook exhibitorId={exhibitorId} />
          </Suspense>
        ) : null}
      </div>
      <p className="message" role="status" aria-live="polite">
        {message}
      </p>
      {intro || company.website ? (
        <section aria-labelledby="intro">
          <h2 id="intro">{t('booth.intro')}</h2>
          {intro ? <p className="prose">{intro}</p> : null}
          {company.website ? (
            <p>
              <a href={company.website} rel="noopener noreferrer" target="_blank">
                {t('booth.website')}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      <Suspense fallback={null}>
        <BoothLive exhibitorId={exhibitorId} />
      </Suspense>
      {b.products.length ? (
        <section aria-labelledby="products">
          <h2 id="products">{t('booth.products')}</h2>
          <ul className="product-grid">
            {b.products.map((p) => (
              <li key={p.id}>
                <Link to={`${prefix}/products/${p.id}`}>
                  <LazyImage src={p.cover} alt={nameIn(lang, p)} className="cover" />
                  <span>{nameIn(lang, p)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* Part 2 §3: three of the exhibitor's activities (PREVIEW_ACTIVITY_COUNT; the constant would bring zod here). */}
      <ActivityPreview query={{ exhibitorId }} count={3} title={t('activity.ofExhibitor')} />
      {b.reviews.length ? (
        <section aria-labelledby="reviews">
          <h2 id="reviews">{t('booth.reviews')}</h2>
          <ul className="reviews">
            {b.reviews.map((r) => (
              <li key={r.id}>
                <p>
                  <strong>{r.authorName}</strong> <span className="muted">{t('booth.rating', { rating: r.rating })}</span>
                </p>
                <p>{r.content}</p>
                <p className="muted">
                  {r.productName} · <time>{r.createTime}</time>
                </p>
                {r.reply ? <p className="reply">{t('booth.reply', { reply: r.reply })}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reviews ? (
        <Suspense fallback={null}>
          <BoothReviews exhibitorId={exhibitorId} />
        </Suspense>
      ) : null}
      {b.videos.length ? (
        <section aria-labelledby="videos">
          <h2 id="videos">{t('booth.videos')}</h2>
          {b.videos.map((v) => (
            <figure key={v.id}>
              <video src={v.url} poster={v.cover ?? undefined} controls preload="none" aria-label={lang === 'en' && v.titleEn ? v.titleEn : v.title} />
              <figcaption>{lang === 'en' && v.titleEn ? v.titleEn : v.title}</figcaption>
            </figure>
          ))}
        </section>
      ) : null}
      {b.albums.length ? (
        <section aria-labelledby="albums">
          <h2 id="albums">{t('booth.albums')}</h2>
          <ul className="product-grid">
            {b.albums.map((a) => (
              <li key={a.id}>
                <LazyImage src={a.cover} alt={nameIn(lang, a)} className="cover" />
                <span>
                  {nameIn(lang, a)} <span className="muted">{t('booth.photos', { count: a.photoCount })}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
