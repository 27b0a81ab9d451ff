import { renderToStaticMarkup } from 'react-dom/server';
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
  return `<!doctype html>${renderToStaticMarkup(<ArticleDocument article={article} options={options} />)}`;
}

function ArticleDocument({ article, options }: { article: PdfArticle; options: ArticleDocumentOptions }) {
  const theme = themeOf(article.theme);
  const language = documentLanguage(article.language);
  const content = eagerImages(sanitizeArticleHtml(article.content));
  const cover = safeImageUrl(article.cover_url);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <base href={options.baseHref} />
        <title>{article.title}</title>
        {/* Our own sheets, as they are: React writes a style element's text unescaped (but for a closing tag). */}
        <style>{PRINT_STYLES}</style>
        <style>{options.themeCss}</style>
        <style>{PRINT_OVERRIDES}</style>
        <style>{options.cjkFontFaces}</style>
        {fontsUsedBy(content, options.fonts).map((font) => (
          <link key={font.web_font_url} rel="stylesheet" href={font.web_font_url} />
        ))}
      </head>
      <body>
        <main className={`article article--${theme.name}`}>
          <article className="article__sheet">
            <header className="article__header">
              <h1 className="article__title">{article.title}</h1>
              <p className="article__byline">
                <span className="article__author">{article.author}</span>
                <span aria-hidden="true"> · </span>
                <time>{formatDate(article.modified, language)}</time>
              </p>
            </header>
            {/* fetchPriority="low" only keeps React from hoisting a preload of the cover into the head,
                above <base>, where its relative address would not resolve; Chromium prints once every image has loaded. */}
            {cover ? <img className="article__cover" src={cover} alt="" fetchPriority="low" /> : null}
            {/* The stored article HTML, sanitised again just above (sanitizeArticleHtml): inserted as it is. */}
            <div className="article__content" dangerouslySetInnerHTML={{ __html: content }} />
          </article>
        </main>
      </body>
    </html>
  );
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
