import type { LiveGift } from '@pavilion/contract';
import { ErrorCode } from '@pavilion/contract/errors';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { expoApi, ExpoError, visitorToken } from '../api.ts';
import { formatCount, nameIn } from '../format.ts';
import { useSite } from '../hooks.ts';
import { errorText, type LiveErrorKey } from './Chat.tsx';
import type { GiftLine } from './useLiveRoom.ts';

/** The contract's MAX_GIFT_COUNT. */
const MAX_COUNT = 99;
const COUNTS = [1, 5, 10, 66, 99];
const TOAST_MS = 2500;

const codeMessages: Partial<Record<number, LiveErrorKey>> = {
  [ErrorCode.LiveGiftsOff]: 'live.gift.off',
  [ErrorCode.RateLimited]: 'live.gift.rateLimited',
};

/** The gift button and its sheet of the exhibition's catalogue; a sent gift shows as a short toast. */
export function GiftButton({ roomId, gifts }: { roomId: string; gifts: LiveGift[] }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, lang, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const [open, setOpen] = useState(false);
  const [giftId, setGiftId] = useState<string | null>(null);
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [toast, setToast] = useState<{ text: string; key: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sent = useRef(0);
  const shown = [...gifts].filter((g) => g.isShow).sort((x, y) => x.showIndex - y.showIndex);
  const chosen = shown.find((g) => g.id === giftId) ?? shown[0] ?? null;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);

  const send = async () => {
    if (!chosen) return;
    setBusy(true);
    setError('');
    try {
      await expoApi.sendLiveGift(exhibitionId, roomId, chosen.id, count);
      setOpen(false);
      clearTimeout(timer.current);
      setToast({ text: t('live.gift.sent', { gift: nameIn(lang, chosen), count }), key: ++sent.current });
      timer.current = setTimeout(() => setToast(null), TOAST_MS);
    } catch (err) {
      if (!(err instanceof ExpoError && err.status === 401)) setError(errorText(err, t, codeMessages, 'live.gift.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button gift-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="8" width="18" height="4" rx="1" />
          <path d="M12 8v13M19 12v9H5v-9M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
        </svg>
        {t('live.gift.button')}
      </button>
      {toast ? (
        <p key={toast.key} className="gift-toast" role="status">
          {toast.text}
        </p>
      ) : null}
      {open ? (
        <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && setOpen(false)}>
          <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="gift-title">
            <div className="sheet-head">
              <h2 id="gift-title">{t('live.gift.title')}</h2>
              <button type="button" className="pushed-close" aria-label={t('live.close')} onClick={() => setOpen(false)} autoFocus>
                ×
              </button>
            </div>
            {signedIn ? (
              <>
                <ul className="gift-grid">
                  {shown.map((g) => (
                    <li key={g.id}>
                      <button type="button" className={`gift ${chosen?.id === g.id ? 'on' : ''}`} aria-pressed={chosen?.id === g.id} onClick={() => setGiftId(g.id)}>
                        <img src={g.icon} alt="" width={48} height={48} />
                        <span>{nameIn(lang, g)}</span>
                        <span className="muted">{t('live.gift.points', { n: formatCount(g.points) })}</span>
                      </button>
                    </li>
                  ))}
                </ul>
                <div className="gift-send">
                  <label className="gift-count">
                    <span>{t('live.gift.count')}</span>
                    <select value={count} onChange={(e) => setCount(Math.min(MAX_COUNT, Number(e.target.value)))}>
                      {COUNTS.map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="button" className="button primary" disabled={busy || !chosen} onClick={() => void send()}>
                    {t('live.gift.send')}
                  </button>
                </div>
                <p className="error" role="alert">
                  {error}
                </p>
              </>
            ) : (
              <Link className="button primary block" to={`${prefix}/login`} state={{ next: `${prefix}/live/${roomId}` }}>
                {t('live.gift.signIn')}
              </Link>
            )}
          </div>
        </div>
      ) : null}
    </>
  );
}

/** Gifts others send, floating over the player for a few seconds. */
export function GiftLines({ lines }: { lines: GiftLine[] }) {
  const { t } = useTranslation('expo');
  if (!lines.length) return null;
  return (
    <ul className="gift-lines" aria-live="polite">
      {lines.map((l) => (
        <li key={l.key} data-testid="gift-line">
          <img src={l.icon} alt="" width={24} height={24} />
          {t('live.gift.line', { name: l.nickname, gift: l.giftName, count: l.count })}
        </li>
      ))}
    </ul>
  );
}
