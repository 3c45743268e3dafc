import type { MyAppointment } from '@pavilion/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Failed, Loading } from '../App.tsx';
import { ExpoError, visitorToken } from '../api.ts';
import { cst } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { appointmentSiteApi } from './appointmentApi.ts';

const span = (start: string, end: string) => `${cst(start).day} ${cst(start).time}–${cst(end).time}`;

/** /expo/:id/me/appointments: the visitor's meeting requests, a proposal's answer, cancelling, the ICS file. */
export default function AppointmentMine() {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const list = useLoad(() => (signedIn ? appointmentSiteApi.mine(exhibitionId) : Promise.resolve([] as MyAppointment[])), [exhibitionId, signedIn]);
  const [status, setStatus] = useState('');
  if (!signedIn) return <Navigate to={`${prefix}/login`} replace state={{ next: `${prefix}/me/appointments` }} />;
  if (list.error) return <Failed onRetry={list.reload} />;
  if (!list.data) return <Loading />;
  return (
    <section className="my-appointments">
      <h1>{t('appointment.mine')}</h1>
      <p className="message success" role="status">
        {status}
      </p>
      {list.data.length ? (
        <ul className="activity-list">
          {list.data.map((a) => (
            <Card
              key={a.id}
              a={a}
              onDone={(text) => {
                setStatus(text);
                list.reload();
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="status">
          {t('appointment.mineEmpty')} <Link to={`${prefix}/exhibitors`}>{t('nav.exhibitors')}</Link>
        </p>
      )}
    </section>
  );
}

function Card({ a, onDone }: { a: MyAppointment; onDone: (text: string) => void }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const live = a.state === 'pending' || a.state === 'proposed' || a.state === 'accepted';
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError('');
    try {
      await work();
      setConfirming(false);
      onDone(done);
    } catch (err) {
      if (!(err instanceof ExpoError && err.status === 401)) setError(err instanceof ExpoError && err.message ? err.message : t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={`my-ticket state-${a.state}`} data-testid={`my-appointment-${a.id}`}>
      <p className="activity-time">
        <span className="badge" data-testid={`my-appointment-state-${a.id}`}>
          {t(`appointment.state.${a.state}`)}
        </span>
      </p>
      <h2>
        <Link to={`${prefix}/exhibitors/${a.exhibitorId}`}>{a.companyName}</Link>
      </h2>
      <p>
        <time dateTime={a.startAt}>{span(a.startAt, a.endAt)}</time>
        {a.boothInfo ? ` · ${a.boothInfo}` : ''}
      </p>
      <p>{a.subject}</p>
      {a.state === 'proposed' && a.proposedStartAt && a.proposedEndAt ? <p className="success">{t('appointment.proposed', { time: span(a.proposedStartAt, a.proposedEndAt) })}</p> : null}
      {a.declineReason && a.state !== 'accepted' ? <p className="muted">{t('appointment.reason', { reason: a.declineReason })}</p> : null}
      <p className="error" role="alert">
        {error}
      </p>
      <div className="actions">
        {a.state === 'proposed' ? (
          <>
            <button type="button" className="button primary" disabled={busy} onClick={() => void run(() => appointmentSiteApi.respond(exhibitionId, a.id, true), t('appointment.answered'))} data-testid={`my-appointment-accept-${a.id}`}>
              {t('appointment.acceptProposal')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void run(() => appointmentSiteApi.respond(exhibitionId, a.id, false), t('appointment.answered'))}>
              {t('appointment.declineProposal')}
            </button>
          </>
        ) : null}
        {a.state === 'accepted' || a.state === 'pending' ? (
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => appointmentSiteApi.calendar(exhibitionId, a.id), '')} data-testid={`my-appointment-ics-${a.id}`}>
            {t('appointment.calendar')}
          </button>
        ) : null}
        {live && !confirming ? (
          <button type="button" className="button" disabled={busy} onClick={() => setConfirming(true)} data-testid={`my-appointment-cancel-${a.id}`}>
            {t('appointment.cancel')}
          </button>
        ) : null}
      </div>
      {confirming ? (
        <div className="confirm" role="group" aria-label={t('appointment.cancelConfirm')}>
          <p>{t('appointment.cancelConfirm')}</p>
          <div className="actions">
            <button type="button" className="button danger" disabled={busy} onClick={() => void run(() => appointmentSiteApi.cancel(exhibitionId, a.id), t('appointment.cancelled'))} data-testid={`my-appointment-cancel-confirm-${a.id}`}>
              {t('appointment.confirmYes')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setConfirming(false)}>
              {t('appointment.confirmNo')}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
