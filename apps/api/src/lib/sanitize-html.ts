/**
 * Restaurant-provided HTML is cleaned on the server, before it is stored in a cache or sent, with
 * sanitize-html in the spec's three modes (ordering.md section 5). The browser only ever receives
 * clean markup.
 */
import sanitizeHtml from 'sanitize-html';
import type { SanitizeMode } from '@servery/contracts/restaurant';

const DEFAULT_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
];

const OPTIONS: Record<SanitizeMode, sanitizeHtml.IOptions> = {
  // Markup allowed, no style attributes, links only to the web or mail, opened safely.
  default: {
    allowedTags: DEFAULT_TAGS,
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], abbr: ['title'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      }),
    },
  },
  strict: { allowedTags: ['b', 'i', 'em', 'strong', 'p', 'br'], allowedAttributes: {} },
  'strip-all': { allowedTags: [], allowedAttributes: {} },
};

export function sanitize(html: string, mode: SanitizeMode): string {
  return sanitizeHtml(html, OPTIONS[mode]);
}
