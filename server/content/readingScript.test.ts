import { Converter as SimplifiedToTraditional } from 'opencc-js/cn2t';
import { Converter as TraditionalToSimplified } from 'opencc-js/t2cn';
import { describe, expect, it } from 'vitest';
import type { ArticleDetail } from '../../shared/entities';
import { articleDetail } from '../../tests/support/articleDetail';
import { articleInScript, convertHtmlText, scriptConverter } from './readingScript';

/** A stand-in converter: every 发 becomes 發 (no dictionary to load). */
const marked = (text: string) => text.replaceAll('发', '發');

const SAMPLE =
  '那天出门时天还晴着，走到断桥边，云就压了下来。头发湿了，我发现茶馆里的老板在看一本关于计算机程序设计的书。' +
  '整理外婆的房间时，我在衣柜最深处找到一个铁皮饼干盒，里面是纽扣、车票和折得整整齐齐的信。';

/** A Simplified Chinese article whose every text field holds a 发 to convert. */
function article(overrides: Partial<ArticleDetail>): ArticleDetail {
  return articleDetail({
    slug: 'a',
    title: '头发',
    description: '发现',
    content: '<p>发</p>',
    word_count: 1,
    language: 'zh-CN',
    author: { username: 'ann', avatar: '', description: '发', column: '/@ann/', follower_count: 0, follow_status: null },
    ...overrides,
  });
}

describe('converting article HTML', () => {
  it('converts text nodes only: never tags, attributes, code, or addresses in the text', () => {
    const html =
      '<p style="font-family:发">发<a href="https://example.cn/?q=发" title="发">发</a><img src="/发.png" alt="发" /></p>' +
      '<p>见 https://example.cn/发?x=1。发</p><pre><code>发</code>发</pre><p>发<code>发</code>发</p>';
    expect(convertHtmlText(html, marked)).toBe(
      '<p style="font-family:发">發<a href="https://example.cn/?q=发" title="发">發</a><img src="/发.png" alt="发" /></p>' +
        '<p>见 https://example.cn/发?x=1。發</p><pre><code>发</code>发</pre><p>發<code>发</code>發</p>',
    );
  });

  it('leaves entities and text without Chinese as they are', () => {
    expect(convertHtmlText('<p>a &amp; b &lt;发&gt;</p>', marked)).toBe('<p>a &amp; b &lt;發&gt;</p>');
    expect(convertHtmlText('plain', () => 'changed')).toBe('plain');
  });
});

describe('the OpenCC converters', () => {
  it("convert exactly as opencc-js's own converters do, both ways", async () => {
    const [toTraditional, toSimplified] = await Promise.all([scriptConverter('hant'), scriptConverter('hans')]);
    const traditional = SimplifiedToTraditional({ from: 'cn', to: 'tw' })(SAMPLE);
    expect(traditional).toContain('頭髮');
    expect(traditional).toContain('發現');
    expect(toTraditional(SAMPLE)).toBe(traditional);
    expect(toSimplified(traditional)).toBe(TraditionalToSimplified({ from: 'tw', to: 'cn' })(traditional));
    expect(toSimplified(traditional)).toBe(SAMPLE);
  }, 30_000);
});

describe('an article in its reader’s script', () => {
  it('converts the title, description and text of a Simplified article for a hant reader, and says so', async () => {
    const read = await articleInScript(article({}), 'hant');
    expect(read).toMatchObject({ title: '頭髮', description: '發現', content: '<p>發</p>', script: 'hant', language: 'zh-CN' });
    // Only the article's own texts.
    expect(read.author.description).toBe('发');
  }, 30_000);

  it('converts a Traditional article for a hans reader', async () => {
    const read = await articleInScript(article({ language: 'zh-TW', title: '頭髮', description: '發現', content: '<p>發</p>' }), 'hans');
    expect(read).toMatchObject({ title: '头发', description: '发现', content: '<p>发</p>', script: 'hans' });
  }, 30_000);

  it('leaves it as written otherwise: the same script, no choice, not Chinese', async () => {
    const simplified = article({});
    expect(await articleInScript(simplified, 'hans')).toEqual({ ...simplified, script: null });
    expect(await articleInScript(simplified, null)).toEqual({ ...simplified, script: null });
    const english = article({ language: 'en' });
    expect(await articleInScript(english, 'hant')).toEqual({ ...english, script: null });
  });
});
