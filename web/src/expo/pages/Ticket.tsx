import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { Loading } from '../App.tsx';
import { expoApi, visitorToken } from '../api.ts';
import { useLoad, useSite } from '../hooks.ts';

/** My ticket: the QR code large with its number and a print button; pending, rejected and failed states. */
export default function Ticket() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const navigate = useNavigate();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const me = useLoad(() => (signedIn ? expoApi.me(exhibitionId) : Promise.resolve(null)), [exhibitionId, signedIn]);
  if (!signedIn) return <Navigate to={`${prefix}/login`} replace />;
  if (me.loading) return <Loading />;
  const m = me.data;
  const signOut = (
    <button
      type="button"
      className="button no-print"
      onClick={() => {
        visitorToken.clear(exhibitionId);
        navigate(prefix);
      }}
    >
      {t('ticket.signOut')}
    </button>
  );
  if (!m || me.error)
    return (
      <section className="panel">
        <h1>{t('ticket.title')}</h1>
        <p className="error" role="alert">
          {t('ticket.failed')}
        </p>
        {signOut}
      </section>
    );
  return (
    <section className="panel ticket">
      <h1>{t('ticket.title')}</h1>
      <p>
        <span className="muted">{t('ticket.name')}：</span>
        {m.name}
        {m.groupName ? <span className="muted"> · {m.groupName}</span> : null}
      </p>
      {m.auditState === 0 ? (
        <p className="notice" role="status">
          {t('ticket.pending')}
        </p>
      ) : m.auditState === 2 ? (
        <div className="error" role="alert">
          <p>{t('ticket.rejected')}</p>
          {m.auditReason ? <p>{t('ticket.reason', { reason: m.auditReason })}</p> : null}
        </div>
      ) : m.ticket ? (
        <>
          <figure className="qr" role="img" aria-label={t('ticket.qr')} dangerouslySetInnerHTML={{ __html: m.ticket.qrSvg }} />
          <p className="ticket-no">
            <span className="muted">{t('ticket.number')}</span>
            <strong data-testid="ticket-no">{m.ticket.ticketNo}</strong>
          </p>
          <button type="button" className="button primary no-print" onClick={() => window.print()}>
            {t('ticket.print')}
          </button>
        </>
      ) : (
        <p className="error" role="alert">
          {t('ticket.failed')}
        </p>
      )}
      <p className="muted">
        {t('ticket.registered')}：<time>{m.createdAt}</time>
      </p>
      <p className="no-print">
        <Link to={`${prefix}/my/activities`}>{t('nav.myActivities')}</Link>
      </p>
      {signOut}
    </section>
  );
}
