import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Tags and attributes the policy may use; the server keeps the same list (server/src/modules/exhibitorpolicy). */
const ALLOWED_TAGS = ['p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan'];

/** HTML from the server, sanitised once more in the browser before it is rendered; links open in a new tab. */
export function sanitizeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/))/i });
  const doc = new DOMParser().parseFromString(`<div>${clean}</div>`, 'text/html');
  doc.querySelectorAll('a').forEach((a) => {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  });
  return doc.body.firstElementChild?.innerHTML ?? '';
}

export function SafeHtml({ html, testId }: { html: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="policy-html" data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
