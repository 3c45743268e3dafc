import { z } from 'zod';
import { SAFE_URL } from './url-rule.ts';

export { SAFE_URL, isSafeUrl } from './url-rule.ts';

/** A stored address: `SAFE_URL`, trimmed, at most `max` characters ('' allowed: see `requiredUrl`). */
export const httpUrl = (max = 2000) => z.string().trim().max(max).regex(SAFE_URL);
/** A stored address that must be given. */
export const requiredUrl = (max = 2000) => httpUrl(max).min(1);
/** An address of another site (a company's website): absolute http(s) only, never site-relative. */
export const absoluteUrl = (max = 2000) => httpUrl(max).regex(/^https?:\/\//i);
