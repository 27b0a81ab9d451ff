import { escapeHtml } from '../../shared/escapeHtml';
import { themeOf } from '../../shared/themes';
import { sanitizeArticleHtml } from '../content/sanitize';
import { PRINT_OVERRIDES, PRINT_STYLES } from './printStyles';

/** What the PDF shows of an article. */
export interface PdfArticle {
  title: string;
  /** Stored sanitised; sanitised again on the way out, as every render does. */
  content: string;
  cover_url: string;
  theme: string;
  language: string;
  author: string;
  /** When it was last changed, epoch milliseconds. */
  modified: number;
}

/** A web font of GET /api/fonts/. */
export interface PdfWebFont {
  font_name: string;
  web_font_url: string;
}

export interface ArticleDocumentOptions {
  /** Relative URLs (images, fonts) resolve against it: this server. */
  baseHref: string;
  /** The article theme's own sheet (public/themes/*.css). */
  themeCss: string;
  /** The site's web fonts; those the content names are linked. */
  fonts: readonly PdfWebFont[];
  /** @font-face rules of the CJK face every PDF carries (cjkFontFaces.ts). */
  cjkFontFaces: string;
}

/**
 * The whole HTML page Chromium prints: the reader's article markup (title, author line,
 * date, cover, content) under the article's theme, with the web fonts its text uses.
 */
export function articleDocumentHtml(article: PdfArticle, options: ArticleDocumentOptions): string {
  const theme = themeOf(article.theme);
  const language = documentLanguage(article.language);
  const content = eagerImages(sanitizeArticleHtml(article.content));
  const fontLinks = fontsUsedBy(content, options.fonts)
    .map((font) => `<link rel="stylesheet" href="${escapeHtml(font.web_font_url)}">`)
    .join('');
  const cover = safeImageUrl(article.cover_url);
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    `<base href="${escapeHtml(options.baseHref)}">`,
    `<title>${escapeHtml(article.title)}</title>`,
    `<style>${PRINT_STYLES}</style><style>${options.themeCss}</style><style>${PRINT_OVERRIDES}</style><style>${options.cjkFontFaces}</style>${fontLinks}`,
    `</head><body><main class="article article--${theme.name}"><article class="article__sheet">`,
    `<header class="article__header"><h1 class="article__title">${escapeHtml(article.title)}</h1>`,
    `<p class="article__byline"><span class="article__author">${escapeHtml(article.author)}</span>`,
    `<span aria-hidden="true"> · </span><time>${escapeHtml(formatDate(article.modified, language))}</time></p></header>`,
    cover ? `<img class="article__cover" src="${escapeHtml(cover)}" alt="">` : '',
    `<div class="article__content">${content}</div>`,
    `</article></main></body></html>`,
  ].join('');
}

/** The web fonts whose names the content's font-family styles mention. */
export function fontsUsedBy(content: string, fonts: readonly PdfWebFont[]): PdfWebFont[] {
  const unquoted = content.replace(/&quot;|&#39;|&#x27;/g, '');
  const families = Array.from(unquoted.matchAll(/font-family:\s*([^;"]+)/gi), (m) => (m[1] ?? '').toLowerCase().replace(/'/g, ''));
  if (families.length === 0) return [];
  return fonts.filter((font) => font.web_font_url && families.some((family) => family.includes(font.font_name.toLowerCase())));
}

/** Print needs every image loaded: the stored content marks body images lazy for the reader. */
function eagerImages(html: string): string {
  return html.replace(/ loading="lazy"/g, ' loading="eager"');
}

function safeImageUrl(url: string): string {
  return /^(https?:\/\/|\/)/i.test(url) ? url : '';
}

function documentLanguage(language: string): 'en' | 'zh-CN' | 'zh-TW' {
  if (/^zh-(tw|hant|hk)/i.test(language)) return 'zh-TW';
  if (/^zh/i.test(language)) return 'zh-CN';
  return 'en';
}

function formatDate(at: number, language: string): string {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(at);
}
