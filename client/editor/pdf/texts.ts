import { siteFreeTexts, type PageTexts } from '../../i18n/pageTexts';

export type PdfTextKey =
  | 'exportPdf'
  | 'exporting'
  | 'download'
  | 'remaining'
  | 'left'
  | 'unavailableShort'
  | 'unavailable'
  | 'saveFirst'
  | 'savedVersion'
  | 'ready'
  | 'failed'
  | 'limit';

/** The PDF button's texts (editor chunk only). */
export const PDF_TEXTS: PageTexts<PdfTextKey> = {
  en: {
    exportPdf: 'Export PDF',
    exporting: 'Making the PDF…',
    download: 'Download PDF',
    remaining: '{count} of {limit} left this month',
    left: '{count} left',
    unavailableShort: 'PDF unavailable',
    unavailable: 'PDF export is unavailable on this server.',
    saveFirst: 'Save the article before exporting a PDF',
    savedVersion: 'The PDF shows the last saved version of the article',
    ready: 'Your PDF is ready',
    failed: 'The PDF could not be made. Please try again.',
    limit: 'You have used all {limit} PDF exports of this month. Upgrade your membership for more.',
  },
  'zh-CN': {
    exportPdf: '导出 PDF',
    exporting: '正在生成 PDF…',
    download: '下载 PDF',
    remaining: '本月还可导出 {count} 次，共 {limit} 次',
    left: '剩 {count} 次',
    unavailableShort: 'PDF 不可用',
    unavailable: '此服务器暂不支持导出 PDF。',
    saveFirst: '请先保存文章，再导出 PDF',
    savedVersion: 'PDF 为文章最近保存的版本',
    ready: 'PDF 已生成',
    failed: 'PDF 生成失败，请重试。',
    limit: '本月 {limit} 次 PDF 导出已用完，升级会员可获得更多次数。',
  },
  'zh-TW': {
    exportPdf: '匯出 PDF',
    exporting: '正在產生 PDF…',
    download: '下載 PDF',
    remaining: '本月還可匯出 {count} 次，共 {limit} 次',
    left: '剩 {count} 次',
    unavailableShort: 'PDF 無法使用',
    unavailable: '此伺服器暫不支援匯出 PDF。',
    saveFirst: '請先儲存文章，再匯出 PDF',
    savedVersion: 'PDF 為文章最近儲存的版本',
    ready: 'PDF 已產生',
    failed: 'PDF 產生失敗，請重試。',
    limit: '本月 {limit} 次 PDF 匯出已用完，升級會員可獲得更多次數。',
  },
};

export const pdfTexts = siteFreeTexts(PDF_TEXTS);
