/**
 * Public links built from the exhibition configuration. The booth page rule lives here once: the
 * exhibitor's share screen and the host's exhibitor-link screen both use `boothPageUrl`.
 */

/**
 * The public booth page of an exhibitor, from the exhibition configuration's `boothLink`:
 * - empty: null (the visitor site's address is not known);
 * - `{id}` or `{exhibitorId}` in it: replaced by the exhibitor id, `{exhibitionId}` by the exhibition id;
 * - otherwise `id=<exhibitor id>` is appended as a query parameter (`?` or `&`); when the link has a `#`,
 *   into the part after it, where hash-router sites (`https://m.example.com/#/booth`) read their query;
 * - a link starting with `/` is on `origin` (this site); one without a scheme gets `https://`.
 */
export function boothPageUrl(boothLink: string | null | undefined, ids: { exhibitorId: string; exhibitionId: string }, origin: string): string | null {
  const raw = (boothLink ?? '').trim();
  if (!raw || !ids.exhibitorId) return null;
  let link = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : raw.startsWith('/') ? `${origin.replace(/\/+$/, '')}${raw}` : `https://${raw}`;
  const placeholder = /\{(?:id|exhibitorId)\}/g;
  const hasId = placeholder.test(link);
  const exhibitorId = encodeURIComponent(ids.exhibitorId);
  link = link.replace(placeholder, exhibitorId).replace(/\{exhibitionId\}/g, encodeURIComponent(ids.exhibitionId));
  if (hasId) return link;
  const hashAt = link.indexOf('#');
  const base = hashAt >= 0 ? link.slice(0, hashAt) : link;
  const hash = hashAt >= 0 ? link.slice(hashAt) : '';
  const target = hash || base;
  const separator = !target.includes('?') ? '?' : target.endsWith('?') || target.endsWith('&') ? '' : '&';
  const withId = `${target}${separator}id=${exhibitorId}`;
  return hash ? `${base}${withId}` : withId;
}
