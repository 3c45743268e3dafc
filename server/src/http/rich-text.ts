import sanitizeHtml from 'sanitize-html';
import type { Deps } from '../deps.ts';
import { checkText } from '../sensitive/check.ts';

/** What a rich-text editor produces and a page needs; scripts, styles, frames, forms and event handlers never pass. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

/** Allow-listed HTML (the exhibitor policy, product introductions); a text with no visible content (`<p><br></p>`) becomes ''. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, RICH_TEXT).trim();
  const visible = sanitizeHtml(clean, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }).replace(/&nbsp;|\s/g, '');
  return visible ? clean : '';
}

/** Visible text of the HTML, for the sensitive-word check. */
const textOfHtml = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

/**
 * Rich-text fields as stored: sanitised, and refused (4026, naming the field) when their visible
 * text holds a sensitive word. Refuse mode only: masking inside HTML could cut through markup.
 */
export async function cleanRichText<T extends Record<string, string | undefined>>(deps: Deps, fields: T): Promise<T> {
  const clean = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === undefined ? undefined : sanitizeRichText(v)])) as T;
  await checkText(deps, Object.fromEntries(Object.entries(clean).map(([k, v]) => [k, v === undefined ? undefined : textOfHtml(v)])), { mode: 'refuse' });
  return clean;
}
