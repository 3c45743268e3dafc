import type { ExpoExhibitorReview, ExpoExhibitorReviewPage } from '@pavilion/contract';
import { ErrorCode } from '@pavilion/contract/errors';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExpoError, visitorToken } from '../api.ts';
import { useLoad, useSite } from '../hooks.ts';
import { reviewApi } from './reviewApi.ts';

const CONTENT_MAX = 500;
const STARS = [1, 2, 3, 4, 5];

/** Read-only stars: the filled count in words for screen readers. */
function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className="review-stars" role="img" aria-label={label}>
      {STARS.map((n) => (
        <span key={n} aria-hidden="true" className={n <= Math.round(value) ? 'on' : ''}>
          ★
        </span>
      ))}
    </span>
  );
}

function ReviewLine({ review }: { review: ExpoExhibitorReview }) {
  const { t } = useTranslation('expo');
  return (
    <li data-testid={`site-review-${review.id}`}>
      <p>
        <strong>{review.authorName}</strong> <Stars value={review.rating} label={t('review.star', { n: review.rating })} />
      </p>
      {review.tags.length ? <p className="muted">{review.tags.join(' · ')}</p> : null}
      <p>{review.content}</p>
      <p className="muted">
        <time>{review.createAt.slice(0, 10)}</time>
      </p>
      {review.reply ? <p className="reply">{t('review.reply', { reply: review.reply })}</p> : null}
    </li>
  );
}

/** The "write a review" sheet: stars, the exhibition's tags as checkable chips, the text. Starts from the visitor's own review. */
function WriteSheet({ exhibitorId, tags, mine, onClose, onSaved }: { exhibitorId: string; tags: string[]; mine: ExpoExhibitorReview | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('expo');
  const { exhibitionId } = useSite();
  const [rating, setRating] = useState(mine?.rating ?? 5);
  const [chosen, setChosen] = useState<string[]>(mine?.tags.filter((x) => tags.includes(x)) ?? []);
  const [content, setContent] = useState(mine?.content ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await reviewApi.write(exhibitionId, exhibitorId, { rating, content: content.trim(), tags: chosen });
      onSaved();
    } catch (err) {
      if (err instanceof ExpoError && err.code === ErrorCode.RateLimited) setError(t('review.rateLimited'));
      else if (err instanceof ExpoError && err.status !== 401) setError(err.errors[0]?.message ?? (err.message || t('review.failed')));
      else setError(t('review.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <form className="sheet" role="dialog" aria-modal="true" aria-labelledby="review-sheet-title" onSubmit={(e) => void submit(e)}>
        <div className="sheet-head">
          <h2 id="review-sheet-title">{mine ? t('review.edit') : t('review.write')}</h2>
          <button type="button" className="pushed-close" aria-label={t('review.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <fieldset className="review-rate">
          <legend>{t('review.stars')}</legend>
          {STARS.map((n) => (
            <button key={n} type="button" className={`star ${n <= rating ? 'on' : ''}`} aria-label={t('review.star', { n })} aria-pressed={n === rating} onClick={() => setRating(n)} data-testid={`review-star-${n}`}>
              ★
            </button>
          ))}
        </fieldset>
        {tags.length ? (
          <fieldset>
            <legend>{t('review.tags')}</legend>
            <div className="chips wrap">
              {tags.map((tag) => {
                const on = chosen.includes(tag);
                return (
                  <button key={tag} type="button" className={`chip ${on ? 'on' : ''}`} aria-pressed={on} onClick={() => setChosen((c) => (on ? c.filter((x) => x !== tag) : [...c, tag]))}>
                    {tag}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ) : null}
        <label htmlFor="review-content">{t('review.content')}</label>
        <textarea id="review-content" value={content} maxLength={CONTENT_MAX} rows={4} placeholder={t('review.placeholder')} onChange={(e) => setContent(e.target.value)} required />
        <p className="message" role="alert">
          {error}
        </p>
        <button type="submit" className="button primary" disabled={busy || !content.trim()}>
          {t('review.submit')}
        </button>
      </form>
    </div>
  );
}

/**
 * The booth's exhibitor reviews: average stars, count, the shown reviews with the exhibitor's replies, and the
 * visitor's own (even while hidden, marked so). Hidden entirely while the exhibition's `evaluate` feature is off.
 */
export default function ReviewSection({ exhibitorId }: { exhibitorId: string }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const navigate = useNavigate();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const [pages, setPages] = useState(1);
  const [writing, setWriting] = useState(false);
  const [status, setStatus] = useState('');
  const loaded = useLoad<ExpoExhibitorReviewPage>(() => reviewApi.page(exhibitionId, exhibitorId, 1, signedIn), [exhibitionId, exhibitorId, signedIn]);
  const [more, setMore] = useState<ExpoExhibitorReview[]>([]);
  if (loaded.error || !loaded.data) return null;
  const data = loaded.data;
  const items = [...data.items, ...more];
  const open = () => {
    if (!signedIn) {
      navigate(`${prefix}/login`, { state: { next: `${prefix}/exhibitors/${exhibitorId}` } });
      return;
    }
    setWriting(true);
  };
  const loadMore = async () => {
    const next = await reviewApi.page(exhibitionId, exhibitorId, pages + 1, signedIn).catch(() => null);
    if (!next) return;
    setPages(pages + 1);
    setMore((m) => [...m, ...next.items]);
  };
  return (
    <section aria-labelledby="company-reviews" className="company-reviews">
      <h2 id="company-reviews">{t('review.title')}</h2>
      <p>
        <Stars value={data.average} label={t('review.average', { average: data.average })} /> <strong data-testid="review-average">{t('review.average', { average: data.average })}</strong>{' '}
        <span className="muted" data-testid="review-count">
          {t('review.count', { count: data.count })}
        </span>
      </p>
      {data.mine && !data.mine.isShow ? (
        <div className="my-review">
          <p className="muted">{t('review.hiddenMine')}</p>
          <ul className="reviews">
            <ReviewLine review={data.mine} />
          </ul>
        </div>
      ) : null}
      {items.length ? (
        <ul className="reviews">
          {items.map((r) => (
            <ReviewLine key={r.id} review={r} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('review.empty')}</p>
      )}
      {items.length < data.totalCount ? (
        <button type="button" className="button" onClick={() => void loadMore()}>
          {t('review.more')}
        </button>
      ) : null}
      <div className="actions">
        <button type="button" className="button primary" onClick={open} data-testid="review-write">
          {!signedIn ? t('review.signIn') : data.mine ? t('review.edit') : t('review.write')}
        </button>
      </div>
      <p className="message" role="status" aria-live="polite">
        {status}
      </p>
      {writing ? (
        <WriteSheet
          exhibitorId={exhibitorId}
          tags={data.tags}
          mine={data.mine}
          onClose={() => setWriting(false)}
          onSaved={() => {
            setWriting(false);
            setStatus(t('review.saved'));
            setMore([]);
            setPages(1);
            loaded.reload();
          }}
        />
      ) : null}
    </section>
  );
}
