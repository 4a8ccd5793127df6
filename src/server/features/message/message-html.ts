import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

/**
 * BOM and offer messages carry HTML written elsewhere (quotation tools, staff). Only this
 * allowlist reaches a page: no script, style, iframe, form, event handler or javascript: URL.
 */
const messageHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'span', 'div', 'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'h4', 'h5', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      // A link that opens a new window must not hand the store's window to the target.
      return { tagName, attribs: attribs.target ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
    },
  },
};

/**
 * A member's latest unread message is in their status bar on every page they open: its HTML is
 * cleaned once per text, not per page (cleaning took about a millisecond of a member's page).
 */
const cleaned = new LRUCache<string, string>({ max: 2000, maxSize: 8 * 1024 * 1024, sizeCalculation: (value, key) => value.length + key.length });

export function sanitizeMessageHtml(html: string): string {
  const kept = cleaned.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitizeHtml(html, messageHtmlOptions);
  cleaned.set(html, clean);
  return clean;
}
