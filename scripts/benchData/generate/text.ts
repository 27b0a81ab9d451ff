// The words and texts of the generated content: English, Simplified and Traditional Chinese, and both
// in one text, drawn with Zipf's frequencies from a common vocabulary and a long tail (as real text).
import { escapeHtml } from '../../../shared/escapeHtml';
import type { Random } from '../random';
import { CHINESE_GLUE, COMMON_CHINESE_WORDS, COMMON_ENGLISH_WORDS, madeUpWords, phraseTail, type ChineseWord } from './vocabulary';

export type Language = 'en' | 'zh-CN' | 'zh-TW' | 'mix';

/** A word the generator uses very often (in most Chinese texts), for the search row of a common word. */
export const COMMON_WORD = '城市';
/** A common English word. */
export const COMMON_ENGLISH_WORD = 'river';
/** A made-up word written into exactly one article's body (see articles.ts), for the search row of a rare word. */
export const RARE_WORD = 'quillowbrand';

const ZH_STOPS = ['。', '，', '！', '？', '；'];

/** Sentences and paragraphs of every language, from one vocabulary. */
export class TextMaker {
  private readonly zhWords: readonly ChineseWord[];
  private readonly enWords: readonly string[];

  constructor(private readonly random: Random) {
    this.zhWords = [...COMMON_CHINESE_WORDS, ...phraseTail(4000, 5)];
    this.enWords = [...COMMON_ENGLISH_WORDS, ...madeUpWords(random, 4000, new Set([RARE_WORD]))];
  }

  zhSentence(traditional: boolean, words = this.random.between(4, 12)): string {
    const out: string[] = [];
    for (let i = words; i > 0; i--) {
      const [simplified, trad] = this.random.zipf(this.zhWords);
      out.push(traditional && trad ? trad : simplified);
      if (this.random.chance(0.5)) out.push(this.random.pick(CHINESE_GLUE));
    }
    return `${out.join('')}${this.random.pick(ZH_STOPS)}`;
  }

  enSentence(words = this.random.between(6, 16)): string {
    const out: string[] = [];
    for (let i = 0; i < words; i++) out.push(this.random.zipf(this.enWords));
    const text = out.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  sentence(language: Language): string {
    if (language === 'en') return this.enSentence();
    if (language === 'mix') return this.random.chance(0.5) ? this.enSentence() : this.zhSentence(this.random.chance(0.3));
    return this.zhSentence(language === 'zh-TW');
  }

  /** A paragraph of plain text of about `chars` characters. */
  paragraphText(language: Language, chars: number): string {
    const parts: string[] = [];
    let length = 0;
    while (length < chars) {
      const s = this.sentence(language);
      parts.push(s);
      length += s.length + 1;
    }
    return parts.join(language === 'en' || language === 'mix' ? ' ' : '');
  }

  /** One block of article HTML, as the editor saves it (sanitized HTML passes it through unchanged). */
  block(language: Language): string {
    const roll = this.random.next();
    const chars = language === 'en' ? this.random.between(200, 900) : this.random.between(80, 350);
    const text = escapeHtml(this.paragraphText(language, chars));
    if (roll < 0.06) return `<h2>${escapeHtml(this.sentence(language).slice(0, 60))}</h2>`;
    if (roll < 0.1) return `<blockquote><p>${text}</p></blockquote>`;
    if (roll < 0.2) {
      const cut = Math.floor(text.length / 3);
      const end = text.indexOf(' ', cut);
      const at = end > 0 ? end : cut;
      const head = text.slice(0, at);
      return head.includes('&') ? `<p>${text}</p>` : `<p><strong>${head}</strong>${text.slice(at)}</p>`;
    }
    return `<p>${text}</p>`;
  }

  title(language: Language): string {
    if (language === 'en' || (language === 'mix' && this.random.chance(0.5))) {
      const text = this.enSentence(this.random.between(3, 9)).slice(0, -1);
      return text.slice(0, 120);
    }
    return this.zhSentence(language === 'zh-TW', this.random.between(2, 6)).slice(0, -1);
  }

  description(language: Language): string {
    return this.paragraphText(language, this.random.between(40, 160)).slice(0, 300);
  }

  /** A reader's comment: one to a few sentences, under the 500 characters a comment may have. */
  comment(): string {
    const language: Language = this.random.pick(['en', 'en', 'zh-CN', 'zh-CN', 'zh-TW', 'mix']);
    const text = this.paragraphText(language, this.random.between(10, 240));
    return [...text].slice(0, 400).join('');
  }

  englishWord(): string {
    return this.random.zipf(this.enWords);
  }
}
