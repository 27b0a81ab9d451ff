import { describe, expect, it } from 'vitest';
import { matchQuery } from './search';
import { foldInPlace, highlighted, snippet } from './highlight';
import { fold, htmlText, indexWords, queryTerms, wordsAt } from './text';

describe('search words', () => {
  it('cuts Chinese into words with the segmenter, as the issue shows', () => {
    expect([...wordsAt('我们在杭州的西湖边写作')].map((w) => w.word)).toEqual(['我们', '在', '杭州', '的', '西湖', '边', '写作']);
  });

  it('keeps every word in its place in the text', () => {
    const text = 'Hi, 我们在杭州。Café!';
    for (const { word, start, end } of wordsAt(text)) expect(text.slice(start, end)).toBe(word);
  });

  it('folds Traditional to Simplified, full-width, case and Latin accents', () => {
    expect(fold('我們在杭州的西湖邊寫作')).toBe('我们在杭州的西湖边写作');
    expect(fold('軟體 臺灣 裡面')).toBe('软体 台湾 里面');
    expect(fold('ＨＥＬＬＯ Café ÉTÉ')).toBe('hello cafe ete');
  });

  it('indexes each word once, English words with their stem, in single spaces', () => {
    expect(indexWords('The writers kept writing; the writer writes. 我們 我们')).toBe('the writers writer kept writing write writes 我们');
    expect(indexWords('')).toBe('');
    expect(indexWords('!!! … ——')).toBe('');
    // Words longer than 64 characters are left out (PostgreSQL caps a lexeme at 2 kB).
    expect(indexWords(`a${'b'.repeat(80)} ok`)).toBe('ok');
  });

  it('segments a long run without punctuation in pieces, losing no word', () => {
    const text = '我们在杭州的西湖边写作'.repeat(60);
    const words = [...wordsAt(text)].map((w) => w.word);
    expect(words.join('')).toBe(text);
    expect(new Set(words)).toEqual(new Set(['我们', '在', '杭州', '的', '西湖', '边', '写作']));
  });

  it('reads text out of article HTML: inline tags join, blocks part, entities decode', () => {
    expect(htmlText('<p>我们<b>在</b>杭州</p><p>x &amp; &lt;script&gt; &#x4e2d;</p><img src="a.png">after<script>bad()</script>')).toBe(
      '我们在杭州 x & <script> 中 after',
    );
  });

  it('makes query terms: folded, each once, the last one a prefix', () => {
    expect(queryTerms('西湖邊 Writing 西湖')).toEqual([
      { word: '西湖', stem: '西湖', prefix: false },
      { word: '边', stem: '边', prefix: false },
      { word: 'writing', stem: 'write', prefix: true },
    ]);
    expect(queryTerms(' !!! ')).toEqual([]);
  });

  it('writes the query in each engine’s syntax, quoting every word', () => {
    const terms = queryTerms('杭州 writing');
    expect(matchQuery('sqlite', terms, false)).toBe('"杭州" AND ("writing" * OR "write")');
    expect(matchQuery('sqlite', terms, true)).toBe('{title} : ("杭州" AND ("writing" * OR "write"))');
    expect(matchQuery('postgres', terms, false)).toBe("'杭州' & ( 'writing':* | 'write' )");
    // Operators typed by the reader are words or nothing, never syntax.
    expect(matchQuery('sqlite', queryTerms('" OR NEAR( x:y *'), false)).toBe('"or" AND "near" AND "x" AND ("y" * OR "y")');
  });
});

describe('snippets and marks', () => {
  it('folds in place: same length, so offsets carry over', () => {
    const text = '後來我們在臺灣 ＡＢＣ Café ÉTÉ';
    const folded = foldInPlace(text);
    expect(folded).toBe('后来我们在台湾 abc cafe ete');
    expect(folded).toHaveLength(text.length);
  });

  it('marks the matches of a Traditional text found by a Simplified query, escaping the rest', () => {
    expect(highlighted('<b>後來</b>的臺灣 & 台湾', queryTerms('台湾'))).toBe('&lt;b&gt;後來&lt;/b&gt;的<mark>臺灣</mark> &amp; <mark>台湾</mark>');
  });

  it('marks whole English words of the same stem, or begun by the prefix typed', () => {
    expect(highlighted('She writes; writers rewrite writing', queryTerms('write'))).toBe(
      'She <mark>writes</mark>; <mark>writers</mark> rewrite <mark>writing</mark>',
    );
    expect(highlighted('She writes; writers rewrite writing', queryTerms('writes lake'))).toBe('She <mark>writes</mark>; writers rewrite <mark>writing</mark>');
  });

  it('starts a little before the first match, with ellipses where it cuts, never inside a word', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(10)}我们在杭州的西湖边写作。${' Consectetur adipiscing elit.'.repeat(10)}`;
    const html = snippet(text, queryTerms('西湖'));
    expect(html.startsWith('…')).toBe(true);
    expect(html.endsWith('…')).toBe(true);
    expect(html).toContain('的<mark>西湖</mark>边写作');
    const plain = html.replace(/<\/?mark>/g, '').replace(/…/g, '');
    expect(text).toContain(plain);
    expect(plain).toMatch(/^[A-Z a-z.]*[a-z.] /);
    expect(plain.length).toBeLessThanOrEqual(140);
  });

  it('shows the opening when the title answered, or nothing matched', () => {
    expect(snippet('开头的话，然后是西湖', queryTerms('西湖'), true)).toBe('开头的话，然后是<mark>西湖</mark>');
    expect(snippet('', queryTerms('西湖'))).toBe('');
    expect(snippet('no match here', queryTerms('西湖'))).toBe('no match here');
  });
});
