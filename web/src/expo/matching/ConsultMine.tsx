import type { MyConsult, Page } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import { visitorToken } from '../api.ts';
import { useLoad, useSite } from '../hooks.ts';
import { ConsultAnswer, stateOf, when } from './ConsultParts.tsx';
import { consultExpoApi } from './consultApi.ts';

/** /expo/:id/me/consults: the visitor's questions, newest first, with their review state and the organiser's answer. */
export default function ConsultMine() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const [pageIndex, setPageIndex] = useState(1);
  const list = useLoad(() => (signedIn ? consultExpoApi.mine(exhibitionId, pageIndex) : Promise.resolve(null as Page<MyConsult> | null)), [exhibitionId, signedIn, pageIndex]);
  if (!signedIn) return <Navigate to={`${prefix}/login`} replace state={{ next: `${prefix}/me/consults` }} />;
  if (list.error) return <Failed onRetry={list.reload} />;
  if (!list.data) return <Loading />;
  const { items, totalPages } = list.data;
  return (
    <section data-testid="my-consults">
      <h1>{t('consult.mine')}</h1>
      {items.length ? (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((c) => (
            <li key={c.id} style={{ padding: '0.75rem 0', borderBottom: '1px solid var(--line)', overflowWrap: 'anywhere' }} data-testid={`my-consult-${c.id}`}>
              <p style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: '0.4rem', alignItems: 'center' }}>
                <span className="badge" data-testid={`my-consult-state-${c.id}`}>
                  {t(`consult.state.${stateOf(c.auditState)}`)}
                </span>
                {c.category ? <span className="badge">{t(`consult.categories.${c.category}`)}</span> : null}
                {c.isPublic ? <span className="badge">{t('consult.public')}</span> : null}
                <span className="muted">{when(c.createAt)}</span>
              </p>
              <p style={{ margin: '0.4rem 0', whiteSpace: 'pre-wrap' }}>{c.question}</p>
              {c.auditState === 2 && c.auditReason ? (
                <p className="error" style={{ margin: '0 0 0.4rem' }}>
                  {t('consult.reason', { reason: c.auditReason })}
                </p>
              ) : null}
              {c.answer ? (
                <ConsultAnswer answer={c.answer} at={c.answeredAt} testId={`my-consult-answer-${c.id}`} />
              ) : (
                <p className="muted" style={{ margin: 0 }}>
                  {t('consult.noAnswer')}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="status">{t('consult.mineEmpty')}</p>
      )}
      {pageIndex < totalPages ? (
        <button type="button" className="button block" onClick={() => setPageIndex(pageIndex + 1)}>
          {t('consult.more')}
        </button>
      ) : null}
    </section>
  );
}
