import type { ExpoAppointmentSlot } from '@pavilion/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ExpoError, visitorToken } from '../api.ts';
import { cst } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { appointmentSiteApi } from './appointmentApi.ts';

/** Free slots by day (China Standard Time, as the site shows every time). */
export function slotsByDay(slots: ExpoAppointmentSlot[]): [string, ExpoAppointmentSlot[]][] {
  const days = new Map<string, ExpoAppointmentSlot[]>();
  for (const s of slots) {
    const day = cst(s.startAt).day;
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  return [...days];
}

/**
 * The booth's "Book a meeting" button and its sheet: the exhibitor's free times by day, subject, message and whether
 * to share the visitor's contact. Shown only while the exhibitor offers times (the exhibition has the feature).
 */
export default function AppointmentBook({ exhibitorId }: { exhibitorId: string }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const navigate = useNavigate();
  const slots = useLoad(() => appointmentSiteApi.slots(exhibitionId, exhibitorId), [exhibitionId, exhibitorId]);
  const [open, setOpen] = useState(false);
  const [slotId, setSlotId] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [share, setShare] = useState(true);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  // The last list read: a re-read after a booking keeps the sheet and its message in place.
  const [list, setList] = useState<ExpoAppointmentSlot[]>([]);
  if (slots.data && slots.data !== list) setList(slots.data);
  if (!list.length && !open) return null;
  const signedIn = Boolean(visitorToken.get(exhibitionId));

  const start = () => {
    if (!signedIn) {
      navigate(`${prefix}/login`, { state: { next: `${prefix}/exhibitors/${exhibitorId}` } });
      return;
    }
    setSent(false);
    setError('');
    setOpen(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!slotId) return setError(t('appointment.chooseSlot'));
    if (!subject.trim()) return setError(t('appointment.subjectRequired'));
    setBusy(true);
    setError('');
    try {
      await appointmentSiteApi.book(exhibitionId, { slotId, subject: subject.trim(), ...(message.trim() ? { message: message.trim() } : {}), shareContact: share });
      setSent(true);
      setSlotId('');
      slots.reload();
    } catch (err) {
      setError(err instanceof ExpoError && err.message ? err.message : t('common.loadFailed'));
      if (err instanceof ExpoError && err.status === 409) slots.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button primary" onClick={start} data-testid="appointment-book">
        {signedIn ? t('appointment.book') : t('appointment.signIn')}
      </button>
      {open ? (
        <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
          <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="appointment-title">
            <div className="sheet-head">
              <h2 id="appointment-title">{t('appointment.title')}</h2>
              <button type="button" className="button link" onClick={() => setOpen(false)}>
                {t('appointment.close')}
              </button>
            </div>
            {sent ? (
              <p className="success" role="status" data-testid="appointment-sent">
                {t('appointment.sent')} <Link to={`${prefix}/me/appointments`}>{t('appointment.mine')}</Link>
              </p>
            ) : (
              <form onSubmit={(e) => void submit(e)} noValidate>
                <fieldset className="field">
                  <legend>{t('appointment.slots')}</legend>
                  {list.length ? (
                    slotsByDay(list).map(([day, list]) => (
                      <div key={day} className="slot-day">
                        <p className="muted">{day}</p>
                        <div className="row" style={{ flexWrap: 'wrap' }}>
                          {list.map((s) => (
                            <label key={s.id} className={`button ${slotId === s.id ? 'on' : ''}`} data-testid={`appointment-slot-${s.id}`}>
                              <input type="radio" name="slot" value={s.id} checked={slotId === s.id} onChange={() => setSlotId(s.id)} className="visually-hidden" />
                              {cst(s.startAt).time}–{cst(s.endAt).time}
                            </label>
                          ))}
                        </div>
                      </div>
                    ))
                  ) : (
                    <p className="muted">{t('appointment.noSlots')}</p>
                  )}
                </fieldset>
                <label className="field">
                  <span>{t('appointment.subject')}</span>
                  <input name="subject" value={subject} maxLength={100} onChange={(e) => setSubject(e.target.value)} data-testid="appointment-subject" />
                </label>
                <label className="field">
                  <span>{t('appointment.message')}</span>
                  <textarea name="message" value={message} maxLength={500} rows={3} onChange={(e) => setMessage(e.target.value)} />
                </label>
                <label className="field">
                  <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} /> {t('appointment.shareContact')}
                </label>
                <p className="error" role="alert">
                  {error}
                </p>
                <button type="submit" className="button primary block" disabled={busy} data-testid="appointment-submit">
                  {t('appointment.submit')}
                </button>
              </form>
            )}
          </div>
        </div>
      ) : null}
    </>
  );
}
