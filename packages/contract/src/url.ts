import { z } from 'zod';

/**
 * The one rule for every address a caller stores (links, logos, pictures, files, videos): an
 * absolute `http(s)://host…` URL or a site-relative path (`/uploads/…`). Never `javascript:`,
 * `data:` or any other scheme, never protocol-relative (`//host`, `/\host`), no spaces, control
 * characters or backslashes. The empty string means "none" where a field may be cleared.
 */
// eslint-disable-next-line no-control-regex -- control characters are among what it refuses
export const SAFE_URL = /^(?:https?:\/\/[^\s\\/?#\x00-\x1f\x7f]+[^\s\\\x00-\x1f\x7f]*|\/(?![/\\])[^\s\\\x00-\x1f\x7f]*)?$/i;

export const isSafeUrl = (value: string): boolean => SAFE_URL.test(value.trim());

/** A stored address: `SAFE_URL`, trimmed, at most `max` characters ('' allowed: see `requiredUrl`). */
export const httpUrl = (max = 2000) => z.string().trim().max(max).regex(SAFE_URL);
/** A stored address that must be given. */
export const requiredUrl = (max = 2000) => httpUrl(max).min(1);
/** An address of another site (a company's website): absolute http(s) only, never site-relative. */
export const absoluteUrl = (max = 2000) => httpUrl(max).regex(/^https?:\/\//i);
