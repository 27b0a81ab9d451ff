import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for article HTML (docs/design.md §7: on save and on render). It keeps what
 * the editor produces: structure, links, images, and the inline styles of colour,
 * font, size, alignment and indent; everything else (scripts, handlers, frames,
 * other styles, javascript: URLs) goes.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'span',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      // Font names may be CJK (微软雅黑); letters, digits, spaces, quotes, commas and hyphens only.
      'font-family': [/^[\p{L}\p{N}_\s,'"-]+$/u],
      'font-size': [/^\d{1,3}(\.\d+)?(px|em|rem|%)$/],
      'text-align': [/^(left|right|center|justify)$/],
      'text-indent': [/^\d{1,3}(\.\d+)?(em|px)$/],
      'padding-left': [/^\d{1,3}(\.\d+)?(em|px)$/],
    },
  },
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    // Body images load lazily (the cover and the title come first), keeping their width and height.
    img: sanitizeHtml.simpleTransform('img', { loading: 'lazy', decoding: 'async' }),
  },
};

/**
 * The version of the rules above. Stored content records the version it was cleaned by
 * (`articles.content_rules`); raise this when the rules change and every article is cleaned
 * again once, at its next read (server/content/readerHtml.ts).
 */
export const ARTICLE_HTML_RULES = 1;

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
