import type { ExpoSupplyDemand } from '@pavilion/contract';
// The error codes alone: the contract's index would bring zod into the page.
import { ErrorCode } from '@pavilion/contract/errors';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ExpoError, visitorToken } from '../api.ts';
import { cst, formatCount } from '../format.ts';
import { useSite, useSiteFeature } from '../hooks.ts';
import { supplyApi, type SupplyPostBody } from './SupplyApi.ts';
import './supply.css';

/** The board's link in the site nav, only where the exhibition runs supply and demand (the board answers). */
export function SupplyNavLink() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const business = useSiteFeature('business');
  const [on, setOn] = useState(false);
  useEffect(() => {
    // Without the feature the board is closed anyway: no call. With it, the board answering says its toggle is on.
    if (!business) return;
    let live = true;
    supplyApi.page(exhibitionId, { pageSize: 1 }).then(
      () => live && setOn(true),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [exhibitionId, business]);
  return business && on ? <NavLink to={`${prefix}/business`}>{t('supply.nav')}</NavLink> : null;
}

export function KindBadge({ kind }: { kind: ExpoSupplyDemand['kind'] }) {
  const { t } = useTranslation('expo');
  return <span className={`badge ${kind}`}>{t(`supply.kind.${kind}`)}</span>;
}

/** Who posted: the exhibitor's company, the organiser, or the visitor's name. */
export function Byline({ post }: { post: Pick<ExpoSupplyDemand, 'author' | 'authorName'> }) {
  const { t } = useTranslation('expo');
  return (
    <span>
      {t(`supply.by.${post.author}`)}
      {post.authorName ? ` · ${post.authorName}` : ''}
    </span>
  );
}

export function SupplyCard({ post }: { post: ExpoSupplyDemand }) {
  const { t } = useTranslation('expo');
  const { prefix } = useSite();
  return (
    <li className="supply-card" data-testid="supply-card">
      <Link to={`${prefix}/business/${post.id}`}>
        <KindBadge kind={post.kind} />
        <h2>{post.title}</h2>
        <p className="muted">{post.description}</p>
        <div className="supply-meta">
          <Byline post={post} />
          <span>{cst(post.createAt).day}</span>
          <span>{t('supply.views', { n: formatCount(post.viewCount) })}</span>
          <span>{t('supply.comments', { n: formatCount(post.commentCount) })}</span>
        </div>
      </Link>
    </li>
  );
}

type Draft = { kind: SupplyPostBody['kind'] | ''; title: string; description: string; contactName: string; contactPhone: string; contactEmail: string };
const empty: Draft = { kind: 'demand', title: '', description: '', contactName: '', contactPhone: '', contactEmail: '' };

/** "发布需求 / Post": the signed-in visitor's form in a sheet; others get the sign-in link, back to the board after. */
export function SupplyPostButton({ onPosted }: { onPosted: (pending: boolean) => void }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);
  if (!signedIn)
    return (
      <Link className="button primary" to={`${prefix}/login`} state={{ next: `${prefix}/business` }}>
        {t('supply.post.signIn')}
      </Link>
    );
  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft.kind || !draft.title.trim() || !draft.description.trim()) {
      setError(t('supply.post.required'));
      return;
    }
    setBusy(true);
    setError('');
    setErrors({});
    try {
      const saved = await supplyApi.create(exhibitionId, {
        kind: draft.kind,
        title: draft.title.trim(),
        description: draft.description.trim(),
        contactName: draft.contactName.trim() || null,
        contactPhone: draft.contactPhone.trim() || null,
        contactEmail: draft.contactEmail.trim() || null,
      });
      setOpen(false);
      setDraft(empty);
      onPosted(saved.auditState !== 1);
    } catch (err) {
      if (err instanceof ExpoError && err.status === 401) return;
      if (err instanceof ExpoError && err.errors.length) setErrors(Object.fromEntries(err.errors.map((x) => [x.field, x.message])));
      setError(err instanceof ExpoError && err.message ? err.message : t('supply.post.failed'));
    } finally {
      setBusy(false);
    }
  };
  const field = (k: Exclude<keyof Draft, 'kind'>, label: string, multi = false, type = 'text') => (
    <label className="field">
      <span className="label">{label}</span>
      {multi ? <textarea name={k} rows={4} maxLength={2000} value={draft[k]} onChange={set(k)} /> : <input name={k} type={type} value={draft[k]} onChange={set(k)} maxLength={k === 'title' ? 100 : 100} />}
      <span className="error">{errors[k] ?? ''}</span>
    </label>
  );
  return (
    <>
      <button type="button" className="button primary" onClick={() => setOpen(true)} data-testid="supply-post-open">
        {t('supply.post.open')}
      </button>
      {open ? (
        <div className="supply-sheet-back" onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
          <form className="supply-sheet" role="dialog" aria-modal="true" aria-labelledby="supply-sheet-title" onSubmit={(e) => void submit(e)}>
            <h2 id="supply-sheet-title">{t('supply.post.title')}</h2>
            <fieldset className="supply-kinds">
              <legend className="label">{t('supply.post.kind')}</legend>
              {(['demand', 'supply'] as const).map((k) => (
                <label key={k}>
                  <input type="radio" name="kind" value={k} checked={draft.kind === k} onChange={() => setDraft((d) => ({ ...d, kind: k }))} />
                  {t(`supply.kind.${k}`)}
                </label>
              ))}
            </fieldset>
            {field('title', t('supply.post.heading'))}
            {field('description', t('supply.post.description'), true)}
            {field('contactName', t('supply.post.contactName'))}
            {field('contactPhone', t('supply.post.contactPhone'), false, 'tel')}
            {field('contactEmail', t('supply.post.contactEmail'), false, 'email')}
            <p className="error" role="alert">
              {error}
            </p>
            <div className="row">
              <button type="button" className="button" onClick={() => setOpen(false)}>
                {t('supply.post.cancel')}
              </button>
              <button type="submit" className="button primary" disabled={busy} data-testid="supply-post-submit">
                {t('supply.post.submit')}
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </>
  );
}

/** The messages for a failed comment: the server's in the site's language, else ours for its code. */
export const commentError = (err: unknown, t: (k: `supply.comment.${'failed' | 'sensitive' | 'rateLimited'}`) => string) => {
  if (!(err instanceof ExpoError)) return t('supply.comment.failed');
  if (err.message) return err.message;
  return t(err.code === ErrorCode.SensitiveWord ? 'supply.comment.sensitive' : err.code === ErrorCode.RateLimited ? 'supply.comment.rateLimited' : 'supply.comment.failed');
};
