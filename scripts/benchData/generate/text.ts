// The words and texts of the generated content: English, Simplified and Traditional Chinese, and both
// in one text, drawn with Zipf's frequencies from a common vocabulary and a long tail (as real text).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { escapeHtml } from '../../../shared/escapeHtml';
import type { Random } from '../random';

export type Language = 'en' | 'zh-CN' | 'zh-TW' | 'mix';

/** A word the generator uses very often (in most Chinese texts), for the search row of a common word. */
export const COMMON_WORD = '城市';
/** A common English word. */
export const COMMON_ENGLISH_WORD = 'river';
/** A made-up word written into exactly one article's body (see articles.ts), for the search row of a rare word. */
export const RARE_WORD = 'quillowbrand';

/** Simplified words, some with their Traditional form. */
const ZH: readonly (readonly [string, string?])[] = [
  ['我们', '我們'],
  ['城市'],
  ['杭州'],
  ['西湖'],
  ['写作', '寫作'],
  ['软件', '軟體'],
  ['开发', '開發'],
  ['学习', '學習'],
  ['历史', '歷史'],
  ['时间', '時間'],
  ['音乐', '音樂'],
  ['电影', '電影'],
  ['旅行'],
  ['朋友'],
  ['咖啡'],
  ['图书馆', '圖書館'],
  ['编辑', '編輯'],
  ['读者', '讀者'],
  ['故事'],
  ['记忆', '記憶'],
  ['风景', '風景'],
  ['春天'],
  ['秋天'],
  ['雨水'],
  ['山谷'],
  ['河流'],
  ['森林'],
  ['孩子'],
  ['母亲', '母親'],
  ['父亲', '父親'],
  ['学校', '學校'],
  ['老师', '老師'],
  ['工作'],
  ['设计', '設計'],
  ['数据', '數據'],
  ['网络', '網絡'],
  ['手机', '手機'],
  ['摄影', '攝影'],
  ['美食'],
  ['茶叶', '茶葉'],
  ['书法', '書法'],
  ['诗歌', '詩歌'],
  ['小说', '小說'],
  ['经济', '經濟'],
  ['社会', '社會'],
  ['文化'],
  ['艺术', '藝術'],
  ['科学', '科學'],
  ['宇宙'],
  ['星星'],
  ['月亮'],
  ['海洋'],
  ['岛屿', '島嶼'],
  ['火车', '火車'],
  ['飞机', '飛機'],
  ['地铁', '地鐵'],
  ['早晨'],
  ['夜晚'],
  ['安静', '安靜'],
  ['热闹', '熱鬧'],
  ['温暖', '溫暖'],
  ['寒冷'],
  ['思考'],
  ['讨论', '討論'],
  ['发现', '發現'],
  ['改变', '改變'],
  ['选择', '選擇'],
  ['希望'],
  ['梦想', '夢想'],
  ['生活'],
  ['世界'],
  ['上海'],
  ['北京'],
  ['广州', '廣州'],
  ['香港'],
  ['长城', '長城'],
  ['黄河', '黃河'],
];
const ZH_GLUE = ['的', '在', '和', '是', '了', '也', '都', '很', '与', '把', '被', '从', '向'];
const ZH_STOPS = ['。', '，', '！', '？', '；'];

const EN = (
  'the a of and to in is was for on with as by at from this that it river writer writing writes written city lake mountain ' +
  'morning evening history music film travel friend coffee library editor reader story memory landscape spring autumn rain ' +
  'valley forest child mother father school teacher work design data network phone photography food tea poetry novel economy ' +
  'society culture art science universe star moon ocean island train plane subway quiet lively warm cold think discuss ' +
  'discover change choose hope dream life world software development learning programming database search engine index query'
).split(' ');

/** The long tail of Chinese: two- and three-character words of OpenCC's phrase table (in the package), with Traditional forms. */
function phraseTail(count: number): (readonly [string, string?])[] {
  const file = createRequire(import.meta.url).resolve('opencc-js/dict/STPhrases');
  const text = fs.readFileSync(file, 'utf8');
  const entries = text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')).split('|');
  const tail: (readonly [string, string?])[] = [];
  for (let i = 0; i < entries.length && tail.length < count; i += 5) {
    const [simplified, traditional] = (entries[i] ?? '').split(' ');
    const length = [...(simplified ?? '')].length;
    if (simplified && (length === 2 || length === 3)) tail.push(traditional && traditional !== simplified ? [simplified, traditional] : [simplified]);
  }
  return tail;
}

/** Made-up English-like words for the long tail: ka-ro-ven, mi-sel... */
function madeUpWords(random: Random, count: number): string[] {
  const onsets = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'br', 'cl', 'st', 'tr'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou'];
  const codas = ['', 'n', 'r', 'l', 's', 't', 'nd', 'st'];
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = random.between(2, 3);
    let word = '';
    for (let i = 0; i < syllables; i++) word += random.pick(onsets) + random.pick(vowels) + (i === syllables - 1 ? random.pick(codas) : '');
    if (word !== RARE_WORD) words.add(word);
  }
  return [...words];
}

/** Sentences and paragraphs of every language, from one vocabulary. */
export class TextMaker {
  private readonly zhWords: readonly (readonly [string, string?])[];
  private readonly enWords: readonly string[];

  constructor(private readonly random: Random) {
    this.zhWords = [...ZH, ...phraseTail(4000)];
    this.enWords = [...EN, ...madeUpWords(random, 4000)];
  }

  zhSentence(traditional: boolean, words = this.random.between(4, 12)): string {
    const out: string[] = [];
    for (let i = words; i > 0; i--) {
      const [simplified, trad] = this.random.zipf(this.zhWords);
      out.push(traditional && trad ? trad : simplified);
      if (this.random.chance(0.5)) out.push(this.random.pick(ZH_GLUE));
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
