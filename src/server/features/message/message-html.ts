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

export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, messageHtmlOptions);
}
