import sanitizeHtml from 'sanitize-html';

/**
 * Help articles are written by staff in the operations console. Only this allowlist is stored and
 * rendered: no script, style, iframe, form, event handler, inline style or javascript: URL.
 */
const helpHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'span',
    'div',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'table',
    'caption',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
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

export function sanitizeHelpHtml(html: string): string {
  return sanitizeHtml(html, helpHtmlOptions).trim();
}

const blockEnd = /<\/(p|div|h[2-4]|li|tr|dt|dd|blockquote|table|caption)>|<br\s*\/?>|<hr\s*\/?>/gi;

/** The text a reader sees (what the search matches and snippets quote): tags dropped, entities decoded, spaces collapsed. */
export function helpTextOf(html: string): string {
  const spaced = html.replace(blockEnd, (tag) => `${tag} `);
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** sanitize-html decodes the input's entities and escapes exactly these four again in the text it returns. */
const escapedByHtmlSanitizer: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot);/g, (entity) => escapedByHtmlSanitizer[entity] ?? entity);
}
