import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import type { MyActivityTicket } from '@pavilion/contract';
import { expoApi, ExpoError, visitorToken } from '../api.ts';
import { cst } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { PhaseBadge, timeSpan, titleIn } from './activity-parts.tsx';

const when = (instant: string) => `${cst(instant).day} ${cst(instant).time}`;

/** The visitor's activity registrations: status, the ticket's QR and code for a held seat, cancelling with a confirmation. */
export default function MyActivities() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const list = useLoad(() => (signedIn ? expoApi.myTickets(exhibitionId) : Promise.resolve([] as MyActivityTicket[])), [exhibitionId, signedIn]);
  const [message, setMessage] = useState('');
  if (!signedIn) return <Navigate to={`${prefix}/login`} replace state={{ next: `${prefix}/my/activities` }} />;
  if (list.error) return <Failed onRetry={list.reload} />;
  if (!list.data) return <Loading />;
  return (
    <section className="my-activities">
      <h1>{t('myActivities.title')}</h1>
      <p className="message success" role="status">
        {message}
      </p>
      {list.data.length ? (
        <ul className="activity-list">
          {list.data.map((r) => (
            <MyTicketCard
              key={r.id}
              r={r}
              onCancelled={() => {
                setMessage(t('myActivities.cancelled'));
                list.reload();
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="status">
          {t('myActivities.empty')} <Link to={`${prefix}/activities`}>{t('activity.programme')}</Link>
        </p>
      )}
    </section>
  );
}

function MyTicketCard({ r, onCancelled }: { r: MyActivityTicket; onCancelled: () => void }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const a = r.activity;
  const title = titleIn(lang, a);
  const cancellable = r.status !== 'cancelled' && !r.checkedInAt && a.phase !== 'ended' && a.phase !== 'cancelled';
  const held = r.status === 'registered' && r.ticketCode;

  const cancel = async () => {
    setBusy(true);
    setError('');
    try {
      await expoApi.cancelTicket(exhibitionId, r.id);
      setConfirming(false);
      onCancelled();
    } catch (err) {
      if (!(err instanceof ExpoError && err.status === 401)) setError(err instanceof ExpoError && err.message ? err.message : t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={`my-ticket status-${r.status}`}>
      <p className="activity-time">
        <span className={`badge reg-${r.status}`}>{t(`myActivities.status.${r.status}`)}</span>
        <PhaseBadge phase={a.phase} />
      </p>
      <h2>
        <Link to={`${prefix}/activities/${a.id}`}>{title}</Link>
      </h2>
      <p className="muted">
        <time dateTime={a.startAt}>{timeSpan(a.startAt, a.endAt, true)}</time>
        {a.hallName || a.venue ? ` · ${[a.hallName, a.venue].filter(Boolean).join(' · ')}` : ''}
      </p>
      {r.ticketTypeName ? (
        <p>
          <span className="muted">{t('myActivities.ticketTypeLabel')}</span>
          {r.ticketTypeName}
        </p>
      ) : null}
      {held ? (
        <div className="ticket">
          {r.qrSvg ? <figure className="qr" role="img" aria-label={t('myActivities.qr')} dangerouslySetInnerHTML={{ __html: r.qrSvg }} /> : <p className="muted">{t('myActivities.noQr')}</p>}
          <p className="ticket-no">
            <span className="muted">{t('myActivities.code')}</span>
            <strong className="code" data-testid={`code-${r.id}`}>
              {r.ticketCode}
            </strong>
          </p>
        </div>
      ) : null}
      {r.checkedInAt ? <p className="success">{t('myActivities.checkedIn', { time: when(r.checkedInAt) })}</p> : null}
      <p className="muted">{t('myActivities.registeredAt', { time: when(r.createAt) })}</p>
      <p className="error" role="alert">
        {error}
      </p>
      {cancellable ? (
        confirming ? (
          <div className="confirm" role="group" aria-label={t('myActivities.confirm')}>
            <p>{t('myActivities.confirm')}</p>
            <div className="actions">
              <button type="button" className="button danger" onClick={() => void cancel()} disabled={busy}>
                {t('myActivities.confirmYes')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)} disabled={busy}>
                {t('myActivities.confirmNo')}
              </button>
            </div>
          </div>
        ) : (
          <div className="actions">
            <button type="button" className="button" onClick={() => setConfirming(true)} aria-label={`${t('myActivities.cancel')}：${title}`}>
              {t('myActivities.cancel')}
            </button>
          </div>
        )
      ) : null}
    </li>
  );
}
