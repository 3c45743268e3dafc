import { isSafeUrl } from '@pavilion/contract/light';

/**
 * The address if it follows the contract's URL rule (http(s) or site-relative), else null. Every
 * link built outside React's own `href` handling (location changes, generated anchors) goes
 * through it, so a stored or configured `javascript:` address is never followed.
 */
export const safeHref = (url: unknown): string | null => (typeof url === 'string' && url && isSafeUrl(url) ? url.trim() : null);
