import { describe, expect, it } from 'vitest';
import { foldInPlace, highlighted, snippet } from './highlight';
import { matchQuery, phraseQuery, queryTerms } from './query';
import { fold, htmlText, piecesOf } from './text';
import { fieldTokens, RUN_END } from './tokens';
import { tsvectorLiteral } from './vector';

describe('search tokens', () => {
  const tokens = (text: string) => fieldTokens(text).map((token) => token.replace(RUN_END, '$'));

  it('parts runs of Chinese from other words, keeping each piece in its place', () => {
    const text = 'Hi, 我们在杭州abc。Café!';
    expect([...piecesOf(text)].map((p) => [p.text, p.cjk])).toEqual([
      ['Hi', false],
      ['我们在杭州', true],
      ['abc', false],
      ['Café', false],
    ]);
    for (const { text: piece, start, end } of piecesOf(text)) expect(text.slice(start, end)).toBe(piece);
  });

  it('folds Traditional to Simplified, full-width, case and Latin accents', () => {
    expect(fold('我們在杭州的西湖邊寫作')).toBe('我们在杭州的西湖边写作');
    expect(fold('軟體 臺灣 裡面')).toBe('软体 台湾 里面');
    expect(fold('ＨＥＬＬＯ Café ÉTÉ，１２３')).toBe('hello cafe ete,123');
  });

  it('indexes a Chinese run as overlapping bigrams and its last character, in order', () => {
    expect(tokens('中华人民共和国')).toEqual(['中华', '华人', '人民', '民共', '共和', '和国', '国$']);
    // Punctuation and spaces end a run; a one-character run is one token.
    expect(tokens('春风，又绿 江')).toEqual(['春风', '风$', '又绿', '绿$', '江$']);
    // Traditional is folded first: both scripts make the same tokens.
    expect(tokens('臺灣')).toEqual(tokens('台湾'));
  });

  it('indexes other words as they are, English stems after the last word', () => {
    expect(tokens('The writers kept writing 我們')).toEqual(['the', 'writers', 'kept', 'writing', '我们', '们$', 'writer', 'write']);
    expect(tokens('')).toEqual([]);
    expect(tokens('!!! … ——')).toEqual([]);
    // Words longer than 64 characters are left out (PostgreSQL caps a lexeme at 2 kB).
    expect(tokens(`a${'b'.repeat(80)} ok`)).toEqual(['ok']);
  });

  it('reads text out of article HTML: inline tags join, blocks part, entities decode', () => {
    expect(htmlText('<p>我们<b>在</b>杭州</p><p>x &amp; &lt;script&gt; &#x4e2d;</p><img src="a.png">after<script>bad()</script>')).toBe(
      '我们在杭州 x & <script> 中 after',
    );
  });

  it('makes query terms: folded, each once, Chinese runs whole, the last word a prefix', () => {
    expect(queryTerms('西湖邊 Writing 西湖邊')).toEqual([
      { word: '西湖边', stem: '西湖边', prefix: false, cjk: true },
      { word: 'writing', stem: 'write', prefix: true, cjk: false },
    ]);
    expect(queryTerms('春风 江')).toEqual([
      { word: '春风', stem: '春风', prefix: false, cjk: true },
      { word: '江', stem: '江', prefix: false, cjk: true },
    ]);
    expect(queryTerms(' !!! ')).toEqual([]);
  });

  it('writes the query in each engine’s syntax: Chinese as phrases of bigrams, one character as a prefix, every token quoted', () => {
    const terms = queryTerms('和国 writing 月 春风');
    expect(matchQuery('sqlite', terms, 'all')).toBe('("和国" AND "write" AND "月" * AND "春风")');
    expect(matchQuery('sqlite', queryTerms('京大学'), 'title', 'article')).toBe('{title author} : ("京大 大学") AND {tags} : "\ue001article"');
    expect(matchQuery('postgres', queryTerms('京大学 月'), 'all')).toBe("( '京大' <-> '大学' ) & '月':*");
    expect(matchQuery('postgres', queryTerms('春风 writ'), 'title')).toBe("'春风':AB & ( 'writ':*AB | 'writ':AB )");
    // Operators typed by the reader are words or nothing, never syntax.
    expect(matchQuery('sqlite', queryTerms('" OR NEAR( x:y *'), 'all')).toBe('("or" AND "near" AND "x" AND ("y" * OR "y"))');
  });

  it('writes the whole query as one phrase, runs ended, for ranking exact lines first', () => {
    const end = RUN_END;
    expect(phraseQuery('sqlite', queryTerms('春风 江南'))).toBe(`"春风 风${end} 江南"`);
    expect(phraseQuery('sqlite', queryTerms('江南 春'))).toBe(`"江南 南${end} 春" *`);
    expect(phraseQuery('postgres', queryTerms('lake 春风'))).toBe(`'lake' <-> '春风'`);
    expect(phraseQuery('sqlite', queryTerms('春风'))).toBeNull();
  });

  it('builds a PostgreSQL tsvector with positions and weights, fields apart', () => {
    expect(tsvectorLiteral({ title: ['春风', '风\ue000'], author: ['ann'], tags: ['\ue001article'], body: ['春风', 'x', '春风'] })).toBe(
      "'春风':1A,8,10 '风\ue000':2A 'ann':4B '\ue001article':6C 'x':9 ",
    );
  });
});

describe('snippets and marks', () => {
  it('folds in place: same length, so offsets carry over', () => {
    const text = '後來我們在臺灣 ＡＢＣ Café ÉTÉ';
    const folded = foldInPlace(text);
    expect(folded).toBe('后来我们在台湾 abc cafe ete');
    expect(folded).toHaveLength(text.length);
  });

  it('marks a substring inside a word, in the script the text is written in', () => {
    expect(highlighted('中華人民共和國', queryTerms('和国'))).toBe('中華人民共<mark>和國</mark>');
    expect(highlighted('北京大学 & 京大', queryTerms('京大'))).toBe('北<mark>京大</mark>学 &amp; <mark>京大</mark>');
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
