// The words of generated texts (scripts/benchData/generate/text.ts, scripts/benchSearch.ts): common
// words first, then a long tail, for drawing with Zipf's frequencies as in real text.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Random } from '../random';

/** A Simplified Chinese word and, where it differs, its Traditional form. */
export type ChineseWord = readonly [simplified: string, traditional?: string];

/** Common Simplified words, some with their Traditional form. */
export const COMMON_CHINESE_WORDS: readonly ChineseWord[] = [
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

/** Characters between Chinese words: particles, conjunctions, prepositions. */
export const CHINESE_GLUE: readonly string[] = ['的', '在', '和', '是', '了', '也', '都', '很', '与', '把', '被', '从', '向'];

/** Common English words. */
export const COMMON_ENGLISH_WORDS: readonly string[] = (
  'the a of and to in is was for on with as by at from this that it river writer writing writes written city lake mountain ' +
  'morning evening history music film travel friend coffee library editor reader story memory landscape spring autumn rain ' +
  'valley forest child mother father school teacher work design data network phone photography food tea poetry novel economy ' +
  'society culture art science universe star moon ocean island train plane subway quiet lively warm cold think discuss ' +
  'discover change choose hope dream life world software development learning programming database search engine index query'
).split(' ');

/**
 * The long tail of Chinese: up to `count` two- and three-character words of OpenCC's phrase table (its
 * Simplified-to-Traditional list, in the package), every `step`th entry, with their Traditional forms.
 */
export function phraseTail(count: number, step: number): ChineseWord[] {
  const file = createRequire(import.meta.url).resolve('opencc-js/dict/STPhrases');
  const text = fs.readFileSync(file, 'utf8');
  const entries = text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')).split('|');
  const tail: ChineseWord[] = [];
  for (let i = 0; i < entries.length && tail.length < count; i += step) {
    const [simplified, traditional] = (entries[i] ?? '').split(' ');
    const length = [...(simplified ?? '')].length;
    if (simplified && (length === 2 || length === 3)) tail.push(traditional && traditional !== simplified ? [simplified, traditional] : [simplified]);
  }
  return tail;
}

/** `count` made-up English-like words for the long tail (ka-ro-ven, mi-sel...), none of `excluded`. */
export function madeUpWords(random: Pick<Random, 'between' | 'pick'>, count: number, excluded: ReadonlySet<string> = new Set()): string[] {
  const onsets = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'br', 'cl', 'st', 'tr'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou'];
  const codas = ['', 'n', 'r', 'l', 's', 't', 'nd', 'st'];
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = random.between(2, 3);
    let word = '';
    for (let i = 0; i < syllables; i++) word += random.pick(onsets) + random.pick(vowels) + (i === syllables - 1 ? random.pick(codas) : '');
    if (!excluded.has(word)) words.add(word);
  }
  return [...words];
}
