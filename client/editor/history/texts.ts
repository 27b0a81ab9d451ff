import { siteFreeTexts, type PageTexts } from '../../i18n/pageTexts';

export type HistoryTextKey =
  | 'history'
  | 'title'
  | 'close'
  | 'loading'
  | 'loadFailed'
  | 'empty'
  | 'saveFirst'
  | 'kind_autosave'
  | 'kind_save'
  | 'kind_publish'
  | 'kind_restore'
  | 'public'
  | 'private'
  | 'size'
  | 'by'
  | 'versions'
  | 'compareWith'
  | 'previous'
  | 'current'
  | 'legend'
  | 'added'
  | 'removed'
  | 'noChanges'
  | 'restore'
  | 'restoreConfirm'
  | 'cancel'
  | 'restored'
  | 'restoreFailed';

/** The version history's texts (editor chunk only). */
export const HISTORY_TEXTS: PageTexts<HistoryTextKey> = {
  en: {
    history: 'History',
    title: 'Version history',
    close: 'Close',
    loading: 'Loading…',
    loadFailed: 'The history could not be loaded.',
    empty: 'No versions yet: every save keeps one.',
    saveFirst: 'Save the article to start its history.',
    kind_autosave: 'Autosave',
    kind_save: 'Saved',
    kind_publish: 'Published',
    kind_restore: 'Restored',
    public: 'Public',
    private: 'Not published',
    size: 'Words: {words} · characters: {chars}',
    by: 'by {name}',
    versions: 'All versions',
    compareWith: 'Compare with',
    previous: 'the version before',
    current: 'the current text',
    legend: 'Highlighted: added in this version. Struck through: removed.',
    added: 'added',
    removed: 'removed',
    noChanges: 'No changes.',
    restore: 'Restore this version',
    restoreConfirm: 'Put this version back? The current text stays in the history.',
    cancel: 'Cancel',
    restored: 'Version restored',
    restoreFailed: 'The version could not be restored. Please try again.',
  },
  'zh-CN': {
    history: '历史版本',
    title: '版本历史',
    close: '关闭',
    loading: '加载中…',
    loadFailed: '无法加载历史版本。',
    empty: '还没有版本：每次保存都会留下一个。',
    saveFirst: '保存文章后开始记录历史版本。',
    kind_autosave: '自动保存',
    kind_save: '手动保存',
    kind_publish: '发布',
    kind_restore: '恢复',
    public: '已公开',
    private: '未发布',
    size: '{words} 字 · {chars} 个字符',
    by: '{name} 保存',
    versions: '全部版本',
    compareWith: '对比',
    previous: '上一个版本',
    current: '当前文本',
    legend: '高亮：此版本新增的内容。删除线：删除的内容。',
    added: '新增',
    removed: '删除',
    noChanges: '没有改动。',
    restore: '恢复此版本',
    restoreConfirm: '恢复此版本？当前文本会保留在历史版本中。',
    cancel: '取消',
    restored: '已恢复此版本',
    restoreFailed: '无法恢复此版本，请重试。',
  },
  'zh-TW': {
    history: '歷史版本',
    title: '版本歷史',
    close: '關閉',
    loading: '載入中…',
    loadFailed: '無法載入歷史版本。',
    empty: '還沒有版本：每次儲存都會留下一個。',
    saveFirst: '儲存文章後開始記錄歷史版本。',
    kind_autosave: '自動儲存',
    kind_save: '手動儲存',
    kind_publish: '發佈',
    kind_restore: '還原',
    public: '已公開',
    private: '未發佈',
    size: '{words} 字 · {chars} 個字元',
    by: '{name} 儲存',
    versions: '全部版本',
    compareWith: '對比',
    previous: '上一個版本',
    current: '目前文字',
    legend: '醒目標示：此版本新增的內容。刪除線：刪除的內容。',
    added: '新增',
    removed: '刪除',
    noChanges: '沒有改動。',
    restore: '還原此版本',
    restoreConfirm: '還原此版本？目前文字會保留在歷史版本中。',
    cancel: '取消',
    restored: '已還原此版本',
    restoreFailed: '無法還原此版本，請重試。',
  },
};

export const historyTexts = siteFreeTexts(HISTORY_TEXTS);
