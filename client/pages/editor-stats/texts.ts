import type { PageTexts } from '../../i18n/pageTexts';
import type { StatsCounter } from '../../../shared/authorStats';

export type StatsTextKey =
  | 'articleTitle'
  | 'allArticles'
  | 'openArticle'
  | 'period'
  | 'lastDays'
  | 'showing'
  | 'chartTitle'
  | 'chartSummary'
  | 'chartEmpty'
  | 'table'
  | 'day'
  | 'total'
  | 'timeZone'
  | 'loadFailed'
  | 'readRule'
  | 'notMeasured'
  | `counter.${StatsCounter}`;

/** The stats page's own texts (docs/decisions/074). */
export const STATS_TEXTS: PageTexts<StatsTextKey> = {
  en: {
    articleTitle: 'Stats: {title}',
    allArticles: 'All my articles',
    openArticle: 'Open the article',
    period: 'Period',
    lastDays: 'Last {days} days',
    showing: 'Chart',
    chartTitle: '{counter} per day, last {days} days',
    chartSummary: 'Total {total}; the highest day {max} on {day}.',
    chartEmpty: 'Nothing yet in these days.',
    table: 'Day by day',
    day: 'Day',
    total: 'Total',
    timeZone: 'Days in the time zone {zone}.',
    loadFailed: 'The numbers could not be read ({message}).',
    readRule: 'A read is a view whose reader reached the end of the article or stayed a minute.',
    notMeasured: 'Newsletter opens are not measured.',
    'counter.views': 'Views',
    'counter.reads': 'Reads',
    'counter.likes': 'Likes',
    'counter.favorites': 'Favourites',
    'counter.comments': 'Comments',
    'counter.followers': 'New followers',
    'counter.newsletter_sends': 'Newsletter mails',
    'counter.income_cents': 'Sales income (¥)',
  },
  'zh-CN': {
    articleTitle: '“{title}”的数据',
    allArticles: '全部文章',
    openArticle: '打开文章',
    period: '时间范围',
    lastDays: '最近 {days} 天',
    showing: '图表',
    chartTitle: '最近 {days} 天每日{counter}',
    chartSummary: '合计 {total}；最高一天 {max}（{day}）。',
    chartEmpty: '这段时间还没有数据。',
    table: '每日明细',
    day: '日期',
    total: '合计',
    timeZone: '日期按时区 {zone} 计算。',
    loadFailed: '无法读取数据（{message}）。',
    readRule: '阅读指读者读到文章末尾或停留满一分钟的浏览。',
    notMeasured: '邮件打开次数不作统计。',
    'counter.views': '浏览',
    'counter.reads': '阅读',
    'counter.likes': '点赞',
    'counter.favorites': '收藏',
    'counter.comments': '评论',
    'counter.followers': '新增关注',
    'counter.newsletter_sends': '邮件推送',
    'counter.income_cents': '销售收入（¥）',
  },
  'zh-TW': {
    articleTitle: '「{title}」的數據',
    allArticles: '全部文章',
    openArticle: '開啟文章',
    period: '時間範圍',
    lastDays: '最近 {days} 天',
    showing: '圖表',
    chartTitle: '最近 {days} 天每日{counter}',
    chartSummary: '合計 {total}；最高一天 {max}（{day}）。',
    chartEmpty: '這段時間還沒有數據。',
    table: '每日明細',
    day: '日期',
    total: '合計',
    timeZone: '日期按時區 {zone} 計算。',
    loadFailed: '無法讀取數據（{message}）。',
    readRule: '閱讀指讀者讀到文章末尾或停留滿一分鐘的瀏覽。',
    notMeasured: '郵件開啟次數不作統計。',
    'counter.views': '瀏覽',
    'counter.reads': '閱讀',
    'counter.likes': '按讚',
    'counter.favorites': '收藏',
    'counter.comments': '留言',
    'counter.followers': '新增追蹤',
    'counter.newsletter_sends': '郵件推送',
    'counter.income_cents': '銷售收入（¥）',
  },
};
