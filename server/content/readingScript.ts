import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Trie, type DictGroup, type DictLike } from 'opencc-js/core';
import type { ArticleDetail } from '../../shared/entities';
import { conversionFor, type ReadingScript } from '../../shared/readingScript';

/**
 * An article read in the other Chinese script (docs/decisions/038-search.md, "Reading in the
 * other script"): its title, description and the text nodes of its HTML, converted by OpenCC
 * (opencc-js) from Simplified to Traditional (Taiwan, `cn` → `tw`) or back (`tw` → `cn`). Tags,
 * attributes, URLs and code stay as written; the stored article is never touched.
 */

/** Text converted into one script. */
export type ScriptConverter = (text: string) => string;

/** What a conversion changes of an article. */
type ConvertedText = Pick<ArticleDetail, 'title' | 'description' | 'content'>;

/** Converted texts by script and source, least recently used out first; about 8 MB at most (UTF-16). */
const converted = new LRUCache<string, ConvertedText>({
  maxSize: 4_000_000,
  sizeCalculation: (text, key) => key.length + text.title.length + text.description.length + text.content.length,
});

/**
 * The article as its reader asked for it: converted when it is Chinese and `wanted` is the other
 * script, else as it is; `script` says which. A conversion is kept by its source text, so each
 * version of an article is converted once per script (and a changed text never reads stale).
 */
export async function articleInScript(article: ArticleDetail, wanted: ReadingScript | null): Promise<ArticleDetail> {
  const script = conversionFor(article.language, wanted);
  if (!script) return { ...article, script: null };
  const source = createHash('sha1').update(article.title).update('\0').update(article.description).update('\0').update(article.content).digest('base64url');
  const key = `${script} ${source}`;
  let text = converted.get(key);
  if (!text) {
    const convert = await scriptConverter(script);
    text = { title: convert(article.title), description: convert(article.description), content: convertHtmlText(article.content, convert) };
    converted.set(key, text);
  }
  return { ...article, ...text, script };
}

/** A tag of the HTML the sanitiser writes: it escapes `<` and `>` in text and attribute values alike. */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)?[^>]*>/g;
/** Elements whose text is code: kept as written. */
const CODE = new Set(['pre', 'code']);
/** Addresses written out in the text, up to a space or Chinese punctuation (。，and the full-width forms): kept as written. */
const ADDRESS = /((?:https?:\/\/|mailto:|www\.)[^\s\u3000-\u303f\uff00-\uffef]+)/;
const HAN = /\p{Script=Han}/u;

/**
 * The text nodes of sanitised article HTML converted, and nothing else: not tags, not
 * attributes (links, image sources, alt texts), not code, not URLs written out in the text.
 */
export function convertHtmlText(html: string, convert: ScriptConverter): string {
  let result = '';
  let code = 0;
  let at = 0;
  for (const tag of html.matchAll(TAG)) {
    result += code > 0 ? html.slice(at, tag.index) : convertText(html.slice(at, tag.index), convert);
    const name = tag[2]?.toLowerCase();
    if (name && CODE.has(name) && !tag[0].endsWith('/>')) code = Math.max(0, code + (tag[1] ? -1 : 1));
    result += tag[0];
    at = tag.index + tag[0].length;
  }
  return result + (code > 0 ? html.slice(at) : convertText(html.slice(at), convert));
}

function convertText(text: string, convert: ScriptConverter): string {
  if (!HAN.test(text)) return text;
  // split() with a capturing group: addresses at the odd places.
  return text
    .split(ADDRESS)
    .map((part, index) => (index % 2 === 1 ? part : convert(part)))
    .join('');
}

/**
 * OpenCC's configurations, as `Converter({ from: 'cn', to: 'tw' })` and `Converter({ from: 'tw', to: 'cn' })`
 * pick them (opencc-js's ConverterBuilder), loaded only when first needed: the Simplified to
 * Traditional phrases are a megabyte of dictionary.
 */
const CONFIGS: Record<ReadingScript, () => Promise<OpenCcConfig | undefined>> = {
  hant: async () => (await import('opencc-js/preset/cn2t')).configs.s2tw,
  hans: async () => (await import('opencc-js/preset/t2cn')).configs.tw2s,
};

interface OpenCcConfig {
  normalizationChain?: readonly DictGroup[];
  segmentation?: DictLike | DictGroup;
  conversionChain: readonly DictGroup[];
}

const converters = new Map<ReadingScript, Promise<ScriptConverter>>();

/**
 * The converter into a script, built once a process. opencc-js builds its dictionary trees in
 * one go (1.7 s of blocked event loop for Simplified to Traditional); this builds the same trees
 * a slice at a time, so other requests go on meanwhile, then converts exactly as opencc-js's
 * converter does (readingScript.test.ts holds the two to the same output).
 */
export function scriptConverter(script: ReadingScript): Promise<ScriptConverter> {
  let converter = converters.get(script);
  if (!converter) {
    converter = CONFIGS[script]().then((config) => {
      if (!config) throw new Error(`opencc-js has no configuration for ${script}`);
      return built(config);
    });
    converter.catch(() => converters.delete(script));
    converters.set(script, converter);
  }
  return converter;
}

/** opencc-js's ConverterBuilder for a configuration with segmentation, the trees built in slices. */
async function built(config: OpenCcConfig): Promise<ScriptConverter> {
  const normalization: Trie[] = [];
  for (const group of config.normalizationChain ?? []) normalization.push(await treeOf(group));
  const segmentation = config.segmentation ? await treeOf(isDictGroup(config.segmentation) ? config.segmentation : [config.segmentation]) : null;
  const conversion: Trie[] = [];
  for (const group of config.conversionChain) conversion.push(await treeOf(group));
  return (text) => {
    const normal = normalization.reduce((result, tree) => tree.convert(result), text);
    const segments = segmentation ? segmentation.segment(normal) : [normal];
    return conversion.reduce((parts, tree) => parts.map((part) => tree.convert(part)), segments).join('');
  };
}

/** Several dictionaries, or one dictionary of pairs (opencc-js tells them apart the same way). */
function isDictGroup(value: DictLike | DictGroup): value is DictGroup {
  return Array.isArray(value) && value.every((dict) => typeof dict === 'string');
}

/** How long a slice of tree building may hold the event loop. */
const SLICE_MS = 8;

/** Trie.loadDictGroup (the group's last dictionary first, so earlier ones win), yielding every few milliseconds. */
async function treeOf(group: DictGroup): Promise<Trie> {
  const tree = new Trie();
  let sliceStart = performance.now();
  for (const dict of [...group].reverse()) {
    const entries = typeof dict === 'string' ? dict.split('|') : dict;
    for (let index = 0; index < entries.length; index += 1) {
      const entry = entries[index];
      const [source, replacement] = typeof entry === 'string' ? entry.split(' ') : (entry ?? []);
      if (typeof source !== 'string' || typeof replacement !== 'string') throw new TypeError('an OpenCC dictionary entry is malformed');
      tree.addWord(source, replacement);
      if (index % 256 === 0 && performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  }
  return tree;
}
