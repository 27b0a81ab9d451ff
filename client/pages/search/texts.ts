import type { PageTexts } from '../../i18n/pageTexts';

export type SearchTextKey =
  | 'intro'
  | 'all'
  | 'type.article'
  | 'type.column'
  | 'type.booklet'
  | 'count'
  | 'countCapped'
  | 'none'
  | 'previous'
  | 'next'
  | 'pageOf'
  | 'by'
  | 'paid'
  | 'kinds'
  | 'kind.article'
  | 'kind.column'
  | 'kind.booklet';

/** The search page's texts (docs/decisions/016: page texts stay out of the catalogues every page loads). */
export const SEARCH_TEXTS: PageTexts<SearchTextKey> = {
  en: {
    intro: 'Find articles, columns and booklets on {site}, in Simplified or Traditional Chinese, English or any language.',
    all: 'All',
    'type.article': 'Articles',
    'type.column': 'Columns',
    'type.booklet': 'Booklets',
    count: { one: '{count} result for “{q}”', other: '{count} results for “{q}”' },
    countCapped: {
      one: 'More than {count} result for “{q}”: the first {count} is shown. Add a word to narrow them.',
      other: 'More than {count} results for “{q}”: the first {count} are shown. Add a word to narrow them.',
    },
    none: 'Nothing found for “{q}”. Try fewer or other words.',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    by: 'by {name}',
    paid: 'Paid chapter',
    kinds: 'What to search',
    'kind.article': 'Article',
    'kind.column': 'Column',
    'kind.booklet': 'Booklet',
  },
  'zh-CN': {
    intro: '在{site}查找文章、专栏和小册，简体、繁体、英文均可。',
    all: '全部',
    'type.article': '文章',
    'type.column': '专栏',
    'type.booklet': '小册',
    count: '“{q}”共 {count} 个结果',
    countCapped: '“{q}”的结果超过 {count} 个，这里列出前 {count} 个。再加一个词可以缩小范围。',
    none: '没有找到“{q}”的结果，换个词或少几个词试试。',
    previous: '上一页',
    next: '下一页',
    pageOf: '第 {page} 页，共 {pages} 页',
    by: '{name} 著',
    paid: '付费章节',
    kinds: '搜索范围',
    'kind.article': '文章',
    'kind.column': '专栏',
    'kind.booklet': '小册',
  },
  'zh-TW': {
    intro: '在{site}尋找文章、專欄和小冊，簡體、繁體、英文皆可。',
    all: '全部',
    'type.article': '文章',
    'type.column': '專欄',
    'type.booklet': '小冊',
    count: '「{q}」共 {count} 個結果',
    countCapped: '「{q}」的結果超過 {count} 個，這裡列出前 {count} 個。再加一個詞可以縮小範圍。',
    none: '沒有找到「{q}」的結果，換個詞或少幾個詞試試。',
    previous: '上一頁',
    next: '下一頁',
    pageOf: '第 {page} 頁，共 {pages} 頁',
    by: '{name} 著',
    paid: '付費章節',
    kinds: '搜尋範圍',
    'kind.article': '文章',
    'kind.column': '專欄',
    'kind.booklet': '小冊',
  },
};
