/**
 * The one rule for every address a caller stores (links, logos, pictures, files, videos): an
 * absolute `http(s)://host…` URL or a site-relative path (`/uploads/…`). Never `javascript:`,
 * `data:` or any other scheme, never protocol-relative (`//host`, `/\host`), no spaces, control
 * characters or backslashes. The empty string means "none" where a field may be cleared.
 */
// eslint-disable-next-line no-control-regex -- control characters are among what it refuses
export const SAFE_URL = /^(?:https?:\/\/[^\s\\/?#\x00-\x1f\x7f]+[^\s\\\x00-\x1f\x7f]*|\/(?![/\\])[^\s\\\x00-\x1f\x7f]*)?$/i;

export const isSafeUrl = (value: string): boolean => SAFE_URL.test(value.trim());
