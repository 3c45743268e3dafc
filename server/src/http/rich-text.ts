import sanitizeHtml from 'sanitize-html';

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

/** Visible text of the HTML, for the sensitive-word check (masking inside HTML could cut through markup: refuse mode only). */
export const textOfHtml = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
