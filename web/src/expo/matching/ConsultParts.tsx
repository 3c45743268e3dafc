import type { PublicConsult } from '@pavilion/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ExpoError, visitorToken } from '../api.ts';
import { cst } from '../format.ts';
import { useSite } from '../hooks.ts';
import { consultExpoApi } from './consultApi.ts';

const CATEGORIES = ['registration', 'tickets', 'exhibiting', 'visiting', 'other'] as const;
const QUESTION_MIN = 5;
const QUESTION_MAX = 1000;
export const when = (instant: string) => `${cst(instant).day} ${cst(instant).time}`;

/** The Q&A's link in the site nav, only where the exhibition runs consultations (the public list answers). */
export function ConsultNavLink() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    consultExpoApi.list(exhibitionId, 1, 1).then(
      () => live && setOn(true),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [exhibitionId]);
  return on ? <NavLink to={`${prefix}/consult`}>{t('consult.nav')}</NavLink> : null;
}

export function ConsultAnswer({ answer, at, testId }: { answer: string; at: string | null; testId: string }) {
  const { t } = useTranslation('expo');
  return (
    <div style={{ background: '#f4f6f9', borderRadius: 8, padding: '0.5rem 0.75rem' }} data-testid={testId}>
      <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
        {t('consult.answer')}
        {at ? ` · ${when(at)}` : ''}
      </p>
      <p style={{ margin: '0.25rem 0 0', whiteSpace: 'pre-wrap' }}>{answer}</p>
    </div>
  );
}

export function PublicConsultItem({ c }: { c: PublicConsult }) {
  const { t } = useTranslation('expo');
  return (
    <li style={{ padding: '0.75rem 0', borderBottom: '1px solid var(--line)', overflowWrap: 'anywhere' }} data-testid={`consult-qa-${c.id}`}>
      <p style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0.4rem', alignItems: 'center' }}>
        {c.category ? <span className="badge">{t(`consult.categories.${c.category}`)}</span> : null}
        <span className="muted">{when(c.createAt)}</span>
      </p>
      <p style={{ margin: '0.4rem 0', whiteSpace: 'pre-wrap', fontWeight: 600 }}>{c.question}</p>
      <ConsultAnswer answer={c.answer} at={c.answeredAt} testId={`consult-qa-answer-${c.id}`} />
    </li>
  );
}

/** Audit states as numbers: the contract's index would bring zod into the page. */
export const stateOf = (s: number) => (s === 2 ? 'rejected' : s === 1 ? 'approved' : 'pending');

/** The signed-in visitor's question form; anyone else gets the sign-in link, back to this page after. */
export function ConsultForm() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const [category, setCategory] = useState('');
  const [question, setQuestion] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [share, setShare] = useState(false);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!signedIn)
    return (
      <Link className="button primary block" to={`${prefix}/login`} state={{ next: `${prefix}/consult` }} data-testid="consult-sign-in">
        {t('consult.signIn')}
      </Link>
    );
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (question.trim().length < QUESTION_MIN) {
      setError(t('consult.tooShort'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await consultExpoApi.ask(exhibitionId, { ...(category ? { category: category as (typeof CATEGORIES)[number] } : {}), question: question.trim(), isPublic, shareContact: share });
      setQuestion('');
      setSent(true);
    } catch (err) {
      if (err instanceof ExpoError && err.status === 401) return;
      setError(err instanceof ExpoError && (err.errors[0]?.message || err.message) ? err.errors[0]?.message || err.message : t('consult.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="consult-form" style={{ border: '1px solid var(--line)', borderRadius: 12, padding: '0.75rem 1rem', background: '#fff' }}>
      <h2 style={{ margin: '0 0 0.75rem', fontSize: '1.05rem' }}>{t('consult.ask')}</h2>
      <label className="field" htmlFor="consult-category">
        <span className="label">{t('consult.category')}</span>
        <select id="consult-category" value={category} onChange={(e) => setCategory(e.target.value)} data-testid="consult-category">
          <option value="">{t('consult.categoryNone')}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`consult.categories.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor="consult-question">
        <span className="label">{t('consult.question')}</span>
        <textarea id="consult-question" rows={4} maxLength={QUESTION_MAX} placeholder={t('consult.placeholder')} value={question} onChange={(e) => setQuestion(e.target.value)} data-testid="consult-question" />
      </label>
      <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', margin: '0.5rem 0', minHeight: 44 }}>
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} data-testid="consult-public" />
        {t('consult.isPublic')}
      </label>
      <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start', margin: '0.5rem 0 0.25rem', minHeight: 44 }}>
        <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} data-testid="consult-share" />
        <span>
          {t('consult.share')}
          <br />
          <span className="muted" style={{ fontSize: '0.85rem' }}>
            {t('consult.shareHint')}
          </span>
        </span>
      </label>
      <p className="error" role="alert">
        {error}
      </p>
      {sent ? (
        <p className="status" role="status" data-testid="consult-sent">
          {t('consult.sent')} <Link to={`${prefix}/me/consults`}>{t('consult.mine')}</Link>
        </p>
      ) : null}
      <button type="submit" className="button primary block" disabled={busy} data-testid="consult-send">
        {t('consult.send')}
      </button>
    </form>
  );
}
