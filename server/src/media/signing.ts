import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media URLs (docs/live.md, "The stream"): `…/live/<key>?expire=<unix seconds>&sign=<hex hmac-sha256(secret, "<path>-<expire>")>`.
 * The push signs `/live/<key>`, a pull its file (`/live/<key>.flv`), so a viewer's pull URL never opens the push.
 */
export const MEDIA_APP = 'live';

export const pushPath = (streamKey: string) => `/${MEDIA_APP}/${streamKey}`;
export const pullPath = (streamKey: string, ext: 'flv' | 'm3u8') => `/${MEDIA_APP}/${streamKey}.${ext}`;

export function signature(secret: string, path: string, expire: number): string {
  return createHmac('sha256', secret).update(`${path}-${expire}`).digest('hex');
}

/** `expire=…&sign=…` for `path`, valid `ttlSeconds` from `now` (ms). */
export function signQuery(secret: string, path: string, ttlSeconds: number, now = Date.now()): { query: string; expire: number } {
  const expire = Math.floor(now / 1000) + ttlSeconds;
  return { query: `expire=${expire}&sign=${signature(secret, path, expire)}`, expire };
}

export type SignCheck = 'ok' | 'missing' | 'expired' | 'bad';

export function checkSigned(secret: string, path: string, query: { expire?: unknown; sign?: unknown }, now = Date.now()): SignCheck {
  const { expire, sign } = query;
  if (typeof expire !== 'string' || typeof sign !== 'string' || !/^\d{1,12}$/.test(expire) || !/^[0-9a-f]{64}$/.test(sign)) return 'missing';
  const at = Number(expire);
  const expected = Buffer.from(signature(secret, path, at), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sign, 'hex'))) return 'bad';
  return at * 1000 < now ? 'expired' : 'ok';
}
