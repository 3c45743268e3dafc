import type { ActivityTicketType, MyActivityTicket, PublicActivityDetail } from '@pavilion/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
// The error codes alone: the contract's index would bring zod into the page.
import { ErrorCode } from '@pavilion/contract/errors';
import { Failed, Loading, Missing } from '../App.tsx';
import { errorsByItem, expoApi, ExpoError, visitorToken } from '../api.ts';
import { Countdown } from '../Countdown.tsx';
import { cst, nameIn } from '../format.ts';
import { useLoad, useSite } from '../hooks.ts';
import { LazyImage } from '../LazyImage.tsx';
import { Organiser, PhaseBadge, Seats, timeSpan, titleIn } from './activity-parts.tsx';
import type { FieldsState } from './FormFields.tsx';
import { LiveStream, useLivePosts } from './LiveStream.tsx';

// The form's fields and checks bring the contract's zod: loaded only for an activity that has a form.
const FormFields = lazy(() => import('./FormFields.tsx').then((m) => ({ default: m.FormFields })));

export default function ActivityPage() {
  const { activityId = '' } = useParams();
  return <Activity key={activityId} activityId={activityId} />;
}

function Activity({ activityId }: { activityId: string }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang } = useSite();
  const detail = useLoad(() => expoApi.activity(exhibitionId, activityId), [exhibitionId, activityId]);
  const a = detail.data;
  const live = useLivePosts(exhibitionId, activityId, Boolean(a?.liveOpen && a.phase !== 'cancelled'));
  const [tab, setTab] = useState<'details' | 'live' | null>(null);

  if (detail.error) return detail.error instanceof ExpoError && detail.error.status === 404 ? <Missing /> : <Failed onRetry={detail.reload} />;
  if (!a) return <Loading />;
  const hasLive = a.liveOpen || live.posts.length > 0;
  const current = hasLive ? (tab ?? (a.liveOpen && a.phase === 'ongoing' ? 'live' : 'details')) : 'details';
  const place = [a.hallName, a.venue].filter(Boolean).join(' · ');

  return (
    <article className="activity">
      {a.cover ? <LazyImage src={a.cover} alt={t('activity.cover')} className="activity-cover" /> : null}
      <h1>{titleIn(lang, a)}</h1>
      <p className="activity-time">
        <PhaseBadge phase={a.phase} />
        <span className="badge">{t(`activity.kind.${a.kind}`)}</span>
        {a.categoryName ? <span className="muted">{a.categoryName}</span> : null}
      </p>
      {a.phase === 'upcoming' ? <Countdown target={a.startAt} label={t('activity.startsIn')} /> : null}
      <dl className="facts">
        <div>
          <dt>{t('activity.time')}</dt>
          <dd>
            <time dateTime={a.startAt}>{timeSpan(a.startAt, a.endAt, true)}</time>
          </dd>
        </div>
        {place ? (
          <div>
            <dt>{t('activity.venue')}</dt>
            <dd>{place}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('activity.organiser')}</dt>
          <dd>
            <Organiser a={a} link />
          </dd>
        </div>
      </dl>
      <Registration a={a} onRegistered={(seat) => seat && detail.setData({ ...a, regCount: a.regCount + 1 })} />
      {hasLive ? (
        <div className="tabs" role="tablist" aria-label={titleIn(lang, a)}>
          {(['details', 'live'] as const).map((k) => (
            <button key={k} type="button" role="tab" id={`tab-${k}`} aria-controls="activity-panel" aria-selected={current === k} className={`tab ${current === k ? 'on' : ''}`} onClick={() => setTab(k)}>
              {t(`activity.${k}`)}
              {k === 'live' && a.liveOpen ? <span className="dot" aria-hidden="true" /> : null}
            </button>
          ))}
        </div>
      ) : null}
      <div id="activity-panel" role={hasLive ? 'tabpanel' : undefined} aria-labelledby={hasLive ? `tab-${current}` : undefined}>
        {current === 'live' ? <LiveStream posts={live.posts} /> : <Details a={a} />}
      </div>
    </article>
  );
}

function Details({ a }: { a: PublicActivityDetail }) {
  const { t } = useTranslation('expo');
  const { lang } = useSite();
  return (
    <>
      {a.introduction ? (
        <section aria-labelledby="activity-intro">
          <h2 id="activity-intro">{t('activity.intro')}</h2>
          {/* Sanitised by the server when saved (server/src/http/rich-text.ts), as the product pages' introductions. */}
          <div className="rich" dangerouslySetInnerHTML={{ __html: a.introduction }} />
        </section>
      ) : null}
      {a.schedules.length ? (
        <section aria-labelledby="activity-agenda">
          <h2 id="activity-agenda">{t('activity.agenda')}</h2>
          <ol className="agenda">
            {a.schedules.map((s) => (
              <li key={s.id}>
                <time className="agenda-time" dateTime={s.startAt}>
                  {timeSpan(s.startAt, s.endAt)}
                </time>
                <div>
                  <strong>{titleIn(lang, s)}</strong>
                  {s.speakers.length ? <p className="muted">{t('activity.speakers', { names: s.speakers.map((p) => (p.title ? t('activity.speaker', { name: p.name, title: p.title }) : p.name)).join(t('activity.speakerSeparator')) })}</p> : null}
                  {s.description ? <p className="prose">{s.description}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

/** Tickets left of a kind, and whether it can be chosen now (stock and sale window). */
function ticketState(k: ActivityTicketType, now: number): { left: number; open: boolean } {
  const left = Math.max(0, k.quantity - k.taken);
  const inWindow = (!k.saleStartAt || Date.parse(k.saleStartAt) <= now) && (!k.saleEndAt || Date.parse(k.saleEndAt) > now);
  return { left, open: left > 0 && inWindow };
}

const codeMessages: Partial<Record<number, 'activity.alreadyRegistered' | 'activity.notOpen' | 'activity.over' | 'activity.full'>> = {
  [ErrorCode.AlreadyRegistered]: 'activity.alreadyRegistered',
  [ErrorCode.FunctionNotOpen]: 'activity.notOpen',
  [ErrorCode.ExhibitionOver]: 'activity.over',
  [ErrorCode.ActivityFull]: 'activity.full',
};

/**
 * Ticket kinds, the activity's registration form when the host made one, and the register button; the server decides
 * and its localized message is shown as it comes, a form item's under that item.
 */
function Registration({ a, onRegistered }: { a: PublicActivityDetail; onRegistered: (seat: boolean) => void }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const navigate = useNavigate();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const mine = useLoad(() => (signedIn ? expoApi.myTickets(exhibitionId) : Promise.resolve([] as MyActivityTicket[])), [exhibitionId, signedIn]);
  const [now] = useState(() => Date.now());
  const choosable = a.ticketTypes.filter((k) => ticketState(k, now).open);
  const [kind, setKind] = useState<string | null>(choosable.length === 1 ? choosable[0]!.id : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; mine: boolean } | null>(null);
  const [done, setDone] = useState<MyActivityTicket | null>(null);
  const form = useLoad(() => (a.regEnabled ? expoApi.activityForm(exhibitionId, a.id) : Promise.resolve([])), [exhibitionId, a.id, a.regEnabled]);
  const items = [...(form.data ?? [])].sort((x, y) => x.showIndex - y.showIndex);
  const [fields, setFields] = useState<FieldsState>({ answers: {}, touched: {}, serverErrors: {} });

  if (!a.regEnabled) return <p className="muted">{t('activity.noRegistration')}</p>;
  const held = done ?? mine.data?.find((r) => r.activity.id === a.id && r.status !== 'cancelled') ?? null;
  const closed = a.phase === 'ended' || a.phase === 'cancelled';
  const regWindow = a.regStartAt && a.regEndAt ? t('activity.regWindow', { start: `${cst(a.regStartAt).day} ${cst(a.regStartAt).time}`, end: `${cst(a.regEndAt).day} ${cst(a.regEndAt).time}` }) : null;

  const register = async () => {
    if (!signedIn) {
      navigate(`${prefix}/login`, { state: { next: `${prefix}/activities/${a.id}` } });
      return;
    }
    if (a.ticketTypes.length > 0 && !kind) return setError({ text: t('activity.chooseTicketFirst'), mine: false });
    let answers = {};
    if (items.length) {
      const { validateFormAnswers } = await import('./FormFields.tsx');
      setFields((f) => ({ ...f, touched: Object.fromEntries(items.map((i) => [i.name, true])) }));
      const { values, errors } = validateFormAnswers(items, fields.answers, { international: lang === 'en' });
      if (errors.length) {
        document.getElementById(`item-${errors[0]!.name}`)?.focus();
        return setError({ text: t('activity.fixFields'), mine: false });
      }
      answers = values;
    }
    setBusy(true);
    setError(null);
    try {
      const reg = await expoApi.registerActivity(exhibitionId, a.id, kind, answers);
      setDone(reg);
      onRegistered(reg.status === 'registered');
    } catch (err) {
      if (err instanceof ExpoError && err.status === 401) return;
      const byItem = err instanceof ExpoError ? errorsByItem(err) : {};
      const onItems = Object.keys(byItem).some((k) => items.some((i) => i.name === k));
      if (onItems) setFields((f) => ({ ...f, serverErrors: byItem }));
      const key = err instanceof ExpoError ? codeMessages[err.code] : undefined;
      const text = onItems ? t('activity.fixFields') : err instanceof ExpoError && err.message ? err.message : t(key ?? 'activity.failed');
      setError({ text, mine: err instanceof ExpoError && err.code === ErrorCode.AlreadyRegistered });
    } finally {
      setBusy(false);
    }
  };

  const toMine = (
    <Link className="button" to={`${prefix}/my/activities`}>
      {t('activity.toMyActivities')}
    </Link>
  );

  return (
    <section className="register-box" aria-labelledby="activity-register">
      <h2 id="activity-register">{a.ticketTypes.length ? t('activity.tickets') : t('activity.register')}</h2>
      <p className="muted">
        <Seats a={a} />
      </p>
      {regWindow ? <p className="muted">{regWindow}</p> : null}
      {a.ticketTypes.length && !held && !closed ? (
        <fieldset className="ticket-kinds">
          <legend className="label">{t('activity.chooseTicket')}</legend>
          {a.ticketTypes.map((k) => {
            const s = ticketState(k, now);
            return (
              <label key={k.id} className={`choice ticket-kind ${s.open ? '' : 'off'}`}>
                <input type="radio" name="ticketType" value={k.id} checked={kind === k.id} disabled={!s.open} onChange={() => setKind(k.id)} />
                <span>{nameIn(lang, k)}</span>
                <span className="muted">{s.left === 0 ? t('activity.soldOut') : s.open ? t('activity.left', { count: s.left }) : t('activity.notOnSale')}</span>
              </label>
            );
          })}
        </fieldset>
      ) : a.ticketTypes.length ? (
        <ul className="plain">
          {a.ticketTypes.map((k) => (
            <li key={k.id}>
              {nameIn(lang, k)} <span className="muted">{ticketState(k, now).left ? t('activity.left', { count: ticketState(k, now).left }) : t('activity.soldOut')}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {held ? (
        <>
          <p className="success" role="status">
            {held.status === 'waiting' ? t('activity.waiting') : t('activity.registered')}
          </p>
          <div className="actions">{toMine}</div>
        </>
      ) : closed ? (
        <p className="muted">{t('activity.regClosed')}</p>
      ) : (
        <>
          {items.length ? (
            <Suspense fallback={<p className="muted">{t('activity.formLoading')}</p>}>
              <div className="activity-form" data-testid="activity-form">
                <FormFields items={items} state={fields} onChange={setFields} international={lang === 'en'} />
              </div>
            </Suspense>
          ) : null}
          <p className="error" role="alert">
            {error?.text}
          </p>
          <div className="actions">
            <button type="button" className="button primary" onClick={() => void register()} disabled={busy || (form.loading && a.regEnabled)}>
              {busy ? t('activity.registering') : t('activity.register')}
            </button>
            {error?.mine ? toMine : null}
          </div>
        </>
      )}
    </section>
  );
}
