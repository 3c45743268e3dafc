/**
 * The session's public entry: what the rest of the app (the API client above all) may use. How the
 * session is kept (storage keys, parsing) stays inside this folder; lint enforces it for web/src/api.
 */
export { authFromToken, createSessionStore, sessionStore, type SessionStore } from './store.ts';
export { expireSession, requirePasswordChange } from './expire.ts';
export { go } from './navigation.ts';
