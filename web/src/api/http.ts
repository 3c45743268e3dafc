import { currentLang } from '../i18n/index.ts';
import { sessionStore, go, expireSession, requirePasswordChange } from '../session/index.ts';
import { createApiClient } from './client.ts';
import { getConfig } from './config.ts';

/** The app's one API client: the session's token, the page's language, the spec's global error handling. */
export const api = createApiClient({
  session: sessionStore,
  config: getConfig,
  lang: currentLang,
  onUnauthorized: expireSession,
  onNotFound: () => go('/404'),
  onServerError: () => go('/500'),
  onPasswordChangeRequired: requirePasswordChange,
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
});
