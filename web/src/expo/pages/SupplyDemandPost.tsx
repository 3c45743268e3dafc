import type { ExpoSupplyDemandDetail } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import { ExpoError, visitorToken } from '../api.ts';
import { cst } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { supplyApi } from '../matching/SupplyApi.ts';
import { Byline, commentError, KindBadge } from '../matching/SupplyParts.tsx';

/** The contract's SUPPLY_DEMAND_COMMENT_MAX. */
const MAX_CHARS = 500;

/** A post of the board with its comments and, for a signed-in visitor, the comment box. */
export default function SupplyDemandPost() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const { postId = '' } = useParams();
  const post = useLoad(() => supplyApi.post(exhibitionId, postId), [exhibitionId, postId]);
  if (post.error) return post.error instanceof ExpoError && post.error.status === 404 ? <p className="status">{t('common.notFound')}</p> : <Failed onRetry={post.reload} />;
  if (!post.data) return <Loading />;
  const p = post.data;
  return (
    <article aria-labelledby="supply-post-title">
      <p>
        <Link to={`${prefix}/business`}>{t('common.back')}</Link>
      </p>
      <KindBadge kind={p.kind} />
      <h1 id="supply-post-title">{p.title}</h1>
      <div className="supply-meta">
        <Byline post={p} />
        <span>{cst(p.createAt).day}</span>
        <span>{t('supply.views', { n: p.viewCount })}</span>
        {p.validUntil ? <span>{t('supply.validUntil', { date: cst(p.validUntil).day })}</span> : null}
      </div>
      <p style={{ whiteSpace: 'pre-wrap' }}>{p.description}</p>
      {p.images.length ? (
        <div className="supply-images">
          {p.images.map((src, i) => (
            <img key={src} src={src} alt={t('supply.image', { n: i + 1 })} loading="lazy" />
          ))}
        </div>
      ) : null}
      {p.contactName || p.contactPhone || p.contactEmail ? (
        <section aria-labelledby="supply-contact">
          <h2 id="supply-contact">{t('supply.contact')}</h2>
          <dl>
            {p.contactName ? (
              <>
                <dt>{t('supply.contactName')}</dt>
                <dd>{p.contactName}</dd>
              </>
            ) : null}
            {p.contactPhone ? (
              <>
                <dt>{t('supply.contactPhone')}</dt>
                <dd>
                  <a href={`tel:${p.contactPhone}`}>{p.contactPhone}</a>
                </dd>
              </>
            ) : null}
            {p.contactEmail ? (
              <>
                <dt>{t('supply.contactEmail')}</dt>
                <dd>
                  <a href={`mailto:${p.contactEmail}`}>{p.contactEmail}</a>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      <Comments post={p} onSent={(c) => post.setData({ ...p, comments: [...p.comments, c], commentCount: p.commentCount + 1 })} />
    </article>
  );
}

function Comments({ post, onSent }: { post: ExpoSupplyDemandDetail; onSent: (c: ExpoSupplyDemandDetail['comments'][number]) => void }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content || busy) return;
    setBusy(true);
    setError('');
    try {
      const { isShow: _s, postTitle: _p, ...c } = await supplyApi.comment(exhibitionId, post.id, content);
      onSent(c);
      setText('');
    } catch (err) {
      if (!(err instanceof ExpoError && err.status === 401)) setError(commentError(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="supply-comments">
      <h2 id="supply-comments">
        {t('supply.comment.title')} ({post.comments.length})
      </h2>
      {post.comments.length ? (
        <ol className="supply-comments">
          {post.comments.map((c) => (
            <li key={c.id} data-testid="supply-comment">
              <strong>{c.authorName}</strong> <span className="muted">{cst(c.createAt).day}</span>
              <div>{c.content}</div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('supply.comment.empty')}</p>
      )}
      <p className="error" role="alert">
        {error}
      </p>
      {signedIn ? (
        <form className="row" onSubmit={(e) => void send(e)}>
          <input name="content" aria-label={t('supply.comment.input')} placeholder={t('supply.comment.placeholder')} value={text} maxLength={MAX_CHARS} onChange={(e) => setText(e.target.value)} autoComplete="off" enterKeyHint="send" />
          <button type="submit" className="button primary" disabled={busy || !text.trim()} data-testid="supply-comment-send">
            {t('supply.comment.send')}
          </button>
        </form>
      ) : (
        <Link className="button block" to={`${prefix}/login`} state={{ next: `${prefix}/business/${post.id}` }}>
          {t('supply.comment.signIn')}
        </Link>
      )}
    </section>
  );
}

