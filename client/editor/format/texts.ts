import { siteFreeTexts, type PageTexts } from '../../i18n/pageTexts';

export type FormatTextKey =
  | 'toolbar'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'color'
  | 'font'
  | 'defaultFont'
  | 'fontSize'
  | 'paragraphType'
  | 'p'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'blockquote'
  | 'codeBlock'
  | 'bulletList'
  | 'orderedList'
  | 'alignLeft'
  | 'alignCenter'
  | 'alignRight'
  | 'alignJustify'
  | 'indent'
  | 'outdent'
  | 'insertImage'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'pasteBlocked';

/** The toolbar's and the context menu's labels (editor chunk only). */
export const FORMAT_TEXTS: PageTexts<FormatTextKey> = {
  en: {
    toolbar: 'Formatting',
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    strike: 'Strikethrough',
    color: 'Text colour',
    font: 'Font',
    defaultFont: 'Default font',
    fontSize: 'Font size',
    paragraphType: 'Paragraph type',
    p: 'Text',
    h1: 'Heading 1',
    h2: 'Heading 2',
    h3: 'Heading 3',
    blockquote: 'Quote',
    codeBlock: 'Code block',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    alignLeft: 'Align left',
    alignCenter: 'Centre',
    alignRight: 'Align right',
    alignJustify: 'Justify',
    indent: 'Indent',
    outdent: 'Outdent',
    insertImage: 'Insert image',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select all',
    pasteBlocked: 'Use Ctrl+V (Cmd+V on a Mac) to paste',
  },
  'zh-CN': {
    toolbar: '格式',
    bold: '粗体',
    italic: '斜体',
    underline: '下划线',
    strike: '删除线',
    color: '文字颜色',
    font: '字体',
    defaultFont: '默认字体',
    fontSize: '字号',
    paragraphType: '段落类型',
    p: '正文',
    h1: '标题 1',
    h2: '标题 2',
    h3: '标题 3',
    blockquote: '引用',
    codeBlock: '代码块',
    bulletList: '无序列表',
    orderedList: '有序列表',
    alignLeft: '左对齐',
    alignCenter: '居中',
    alignRight: '右对齐',
    alignJustify: '两端对齐',
    indent: '增加缩进',
    outdent: '减少缩进',
    insertImage: '插入图片',
    cut: '剪切',
    copy: '复制',
    paste: '粘贴',
    selectAll: '全选',
    pasteBlocked: '请使用 Ctrl+V（Mac 上为 Cmd+V）粘贴',
  },
  'zh-TW': {
    toolbar: '格式',
    bold: '粗體',
    italic: '斜體',
    underline: '底線',
    strike: '刪除線',
    color: '文字顏色',
    font: '字型',
    defaultFont: '預設字型',
    fontSize: '字級',
    paragraphType: '段落類型',
    p: '內文',
    h1: '標題 1',
    h2: '標題 2',
    h3: '標題 3',
    blockquote: '引用',
    codeBlock: '程式碼區塊',
    bulletList: '項目符號清單',
    orderedList: '編號清單',
    alignLeft: '靠左對齊',
    alignCenter: '置中',
    alignRight: '靠右對齊',
    alignJustify: '左右對齊',
    indent: '增加縮排',
    outdent: '減少縮排',
    insertImage: '插入圖片',
    cut: '剪下',
    copy: '複製',
    paste: '貼上',
    selectAll: '全選',
    pasteBlocked: '請使用 Ctrl+V（Mac 上為 Cmd+V）貼上',
  },
};

export const formatTexts = siteFreeTexts(FORMAT_TEXTS);
