import type { LiveMessage } from '@pavilion/contract';
// The error codes alone: the contract's index would bring zod into the page.
import { ErrorCode } from '@pavilion/contract/errors';
import type { TFunction } from 'i18next';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { expoApi, ExpoError, visitorToken } from '../api.ts';
import { cst } from '../format.ts';
import { useSite } from '../hooks.ts';

/** The contract's LIVE_MESSAGE_MAX_CHARS. */
const MAX_CHARS = 200;

export type LiveErrorKey = `live.chat.${'muted' | 'rateLimited' | 'sensitive' | 'failed'}` | `live.gift.${'off' | 'rateLimited' | 'failed'}`;

const codeMessages: Partial<Record<number, LiveErrorKey>> = {
  [ErrorCode.LiveMuted]: 'live.chat.muted',
  [ErrorCode.RateLimited]: 'live.chat.rateLimited',
  [ErrorCode.SensitiveWord]: 'live.chat.sensitive',
};

/** The server's message in the site's language when it sent one, else ours for its code. */
export function errorText(err: unknown, t: TFunction<'expo'>, byCode: Partial<Record<number, LiveErrorKey>>, fallback: LiveErrorKey): string {
  if (!(err instanceof ExpoError)) return t(fallback);
  return err.message || t(byCode[err.code] ?? fallback);
}

/**
 * The room's chat: the recent messages then what the stream brings, kept scrolled to the newest unless the visitor
 * scrolled up to read; the presenter's stand out. Signed-in visitors write; the others get the sign-in link, back here after.
 */
export function Chat({ roomId, messages, onSent, extra }: { roomId: string; messages: LiveMessage[]; onSent: (m: LiveMessage) => void; extra?: React.ReactNode }) {
  const { t } = useTranslation('expo');
  const { exhibitionId, prefix } = useSite();
  const signedIn = Boolean(visitorToken.get(exhibitionId));
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useLayoutEffect(() => {
    const el = list.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content || busy) return;
    setBusy(true);
    setError('');
    try {
      const m = await expoApi.sendLiveMessage(exhibitionId, roomId, content);
      if (m && typeof m === 'object' && 'id' in m) onSent(m);
      setText('');
      atBottom.current = true;
    } catch (err) {
      if (!(err instanceof ExpoError && err.status === 401)) setError(errorText(err, t, codeMessages, 'live.chat.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="live-chat">
      <ol
        ref={list}
        className="live-messages"
        aria-label={t('live.chat.title')}
        aria-live="polite"
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {messages.length ? (
          messages.map((m) => (
            <li key={m.id} className={m.fromPresenter ? 'presenter' : undefined} data-testid="live-message">
              {m.fromPresenter ? <span className="badge live">{t('live.chat.presenter')}</span> : null}
              <span className="nick">{m.nickname}</span>
              <time className="visually-hidden" dateTime={m.createAt}>
                {cst(m.createAt).time}
              </time>
              <span className="content">{m.content}</span>
            </li>
          ))
        ) : (
          <li className="muted live-chat-empty">{t('live.chat.empty')}</li>
        )}
      </ol>
      <p className="error" role="alert">
        {error}
      </p>
      <div className="live-compose">
        {signedIn ? (
          <form className="row" onSubmit={(e) => void send(e)}>
            <input name="content" aria-label={t('live.chat.input')} placeholder={t('live.chat.placeholder')} value={text} maxLength={MAX_CHARS} onChange={(e) => setText(e.target.value)} autoComplete="off" enterKeyHint="send" />
            <button type="submit" className="button primary" disabled={busy || !text.trim()}>
              {t('live.chat.send')}
            </button>
          </form>
        ) : (
          <Link className="button block" to={`${prefix}/login`} state={{ next: `${prefix}/live/${roomId}` }}>
            {t('live.chat.signIn')}
          </Link>
        )}
        {extra}
      </div>
    </div>
  );
}
