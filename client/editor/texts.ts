import { siteFreeTexts, type PageTexts, type Translate } from '../i18n/pageTexts';

export type EditorTextKey =
  | 'copied'
  | 'articleModifiedConfirm'
  | 'uploadSuccess'
  | 'saveBeforeUpload'
  | 'trafficOverLimit'
  | 'saveFailed'
  | 'noAnswer'
  | 'loadFailed'
  | 'uploadTokenFailed'
  | 'uploadImageFailed'
  | 'uploadImageFailedNoUrl'
  | 'imageTooLarge'
  | 'moduleNotFound'
  | 'statusModified'
  | 'statusSaving'
  | 'statusSaved'
  | 'statusOffline'
  | 'statusFailed'
  | 'restoredLocal'
  | 'localCopyFailed'
  | 'conflictTitle'
  | 'conflictBody'
  | 'conflictSuffix'
  | 'leaveWarning'
  | 'saveFirst'
  | 'giveUp'
  | 'cancel'
  | 'close'
  | 'ok'
  | 'openCopy'
  | 'loading'
  | 'undo'
  | 'redo'
  | 'save'
  | 'navigation'
  | 'tabArticles'
  | 'tabBooklets'
  | 'newArticle'
  | 'untitled'
  | 'titlePlaceholder'
  | 'descriptionPlaceholder'
  | 'contentPlaceholder'
  | 'trash'
  | 'backToArticles'
  | 'loadMore'
  | 'emptyList'
  | 'emptyTrash'
  | 'delete'
  | 'deleteConfirm'
  | 'deleteForever'
  | 'deleteForeverConfirm'
  | 'restore'
  | 'deleteFailed'
  | 'listFailed'
  | 'markPublic'
  | 'markShareLink'
  | 'markBooklet'
  | 'publish'
  | 'unpublish'
  | 'publishTitle'
  | 'unpublishTitle'
  | 'viewPublished'
  | 'publishNeedsSave'
  | 'shareLinks'
  | 'createShareLink'
  | 'revokeShareLink'
  | 'copyLink'
  | 'noShareLinks'
  | 'tags'
  | 'tagsPlaceholder'
  | 'removeTag'
  | 'publishFailed'
  | 'heading'
  | 'tools'
  | 'newsletterToggle'
  | 'newsletterQueued'
  | 'stats'
  | 'statsOf';

/**
 * Every text of the editor in the three languages (docs/specification/content-and-commerce.md §8 and the editor's own labels).
 * Kept in the editor chunk, never in the catalogues reader pages load. H3, H4 and H6 use the
 * shared messages (copied, upload messages, traffic, save before upload) from here.
 */
export const EDITOR_TEXTS: PageTexts<EditorTextKey> = {
  en: {
    copied: 'Copied',
    articleModifiedConfirm: 'This article has unsaved changes. Save them before opening another article, or give them up?',
    uploadSuccess: 'Upload succeeded',
    saveBeforeUpload: 'Please save the article before uploading an image',
    trafficOverLimit: 'Your upload traffic for this month is used up. Upgrade your membership for more.',
    saveFailed: 'Save failed {status}',
    noAnswer: '(no answer: kept on this device, retrying)',
    loadFailed: 'Load article failed {status}',
    uploadTokenFailed: 'Get upload token failed {message}',
    uploadImageFailed: 'Upload image failed {message}',
    uploadImageFailedNoUrl: 'Upload image failed, no url returned',
    imageTooLarge: 'the image is too large: at most {megapixels} megapixels',
    moduleNotFound: 'ZineEditor Module not found',
    statusModified: 'Modified',
    statusSaving: 'Saving…',
    statusSaved: 'Saved',
    statusOffline: 'Offline, kept on this device',
    statusFailed: 'Not saved yet, kept on this device',
    restoredLocal: 'Restored the changes kept on this device; saving them now',
    localCopyFailed: 'This device has no room to keep a copy of your changes: save them before closing the page',
    conflictTitle: 'This article was changed elsewhere',
    conflictBody: 'Another tab or device saved a newer version. The editor now shows that version; your text was kept as a new article "{title}".',
    conflictSuffix: '(conflict copy)',
    leaveWarning: 'Changes you made may not be saved.',
    saveFirst: 'Save first',
    giveUp: 'Give up changes',
    cancel: 'Cancel',
    close: 'Close',
    ok: 'OK',
    openCopy: 'Open the copy',
    loading: 'Loading the editor…',
    undo: 'Undo',
    redo: 'Redo',
    save: 'Save',
    navigation: 'Articles and booklets',
    tabArticles: 'Articles',
    tabBooklets: 'Booklets',
    newArticle: 'New article',
    untitled: 'Untitled',
    titlePlaceholder: 'Title',
    descriptionPlaceholder: 'A short description',
    contentPlaceholder: 'Write your story…',
    trash: 'Trash',
    backToArticles: 'Back to articles',
    loadMore: 'Load more',
    emptyList: 'No articles yet',
    emptyTrash: 'The trash is empty',
    delete: 'Delete',
    deleteConfirm: 'Move "{title}" to the trash?',
    deleteForever: 'Delete for good',
    deleteForeverConfirm: 'Delete "{title}" for good? This cannot be undone.',
    restore: 'Restore',
    deleteFailed: 'Delete failed {status}',
    listFailed: 'Could not load your articles {status}',
    markPublic: 'Public',
    markShareLink: 'Shared by link',
    markBooklet: 'In a booklet',
    publish: 'Publish',
    unpublish: 'Unpublish',
    publishTitle: 'Publish: anyone can read it at its own address',
    unpublishTitle: 'Unpublish: only you (and share links) can read it',
    viewPublished: 'View the published article',
    publishNeedsSave: 'Save the article before publishing or sharing it',
    shareLinks: 'Share links',
    createShareLink: 'Create link',
    revokeShareLink: 'Revoke',
    copyLink: 'Copy',
    noShareLinks: 'No share links',
    tags: 'Tags',
    tagsPlaceholder: 'Add a tag and press Enter',
    removeTag: 'Remove tag {tag}',
    publishFailed: 'Could not change the article {status}',
    heading: 'Editor',
    tools: 'Editing tools',
    newsletterToggle: {
      one: 'Mail it to my {count} subscriber',
      other: 'Mail it to my {count} subscribers',
    },
    newsletterQueued: {
      one: 'Mailing it to {count} subscriber',
      other: 'Mailing it to {count} subscribers',
    },
    stats: 'Stats',
    statsOf: 'Stats of “{title}”',
  },
  'zh-CN': {
    copied: '已复制',
    articleModifiedConfirm: '这篇文章有未保存的修改。打开其他文章前先保存，还是放弃这些修改？',
    uploadSuccess: '上传成功',
    saveBeforeUpload: '请先保存文章再上传图片',
    trafficOverLimit: '本月上传流量已用完，升级会员可获得更多流量。',
    saveFailed: '保存失败 {status}',
    noAnswer: '（无响应：已保存在本设备，正在重试）',
    loadFailed: '加载文章失败 {status}',
    uploadTokenFailed: '获取上传凭证失败 {message}',
    uploadImageFailed: '上传图片失败 {message}',
    uploadImageFailedNoUrl: '上传图片失败，未返回地址',
    imageTooLarge: '图片过大，最多 {megapixels} 百万像素',
    moduleNotFound: 'ZineEditor Module not found',
    statusModified: '已修改',
    statusSaving: '保存中…',
    statusSaved: '已保存',
    statusOffline: '离线，已保存在本设备',
    statusFailed: '尚未保存，已保存在本设备',
    restoredLocal: '已恢复保存在本设备上的修改，正在保存',
    localCopyFailed: '本设备无法保存修改的副本（存储空间不足），请在关闭页面前保存',
    conflictTitle: '这篇文章在别处被修改了',
    conflictBody: '另一个标签页或设备保存了更新的版本。编辑器现在显示该版本；你的文字已另存为新文章《{title}》。',
    conflictSuffix: '（冲突副本）',
    leaveWarning: '你所做的修改可能尚未保存。',
    saveFirst: '先保存',
    giveUp: '放弃修改',
    cancel: '取消',
    close: '关闭',
    ok: '确定',
    openCopy: '打开副本',
    loading: '正在加载编辑器…',
    undo: '撤销',
    redo: '重做',
    save: '保存',
    navigation: '文章与小册',
    tabArticles: '文章',
    tabBooklets: '小册',
    newArticle: '新建文章',
    untitled: '无标题',
    titlePlaceholder: '标题',
    descriptionPlaceholder: '简短描述',
    contentPlaceholder: '开始写作…',
    trash: '回收站',
    backToArticles: '返回文章',
    loadMore: '加载更多',
    emptyList: '还没有文章',
    emptyTrash: '回收站是空的',
    delete: '删除',
    deleteConfirm: '将《{title}》移到回收站？',
    deleteForever: '彻底删除',
    deleteForeverConfirm: '彻底删除《{title}》？此操作无法撤销。',
    restore: '恢复',
    deleteFailed: '删除失败 {status}',
    listFailed: '无法加载你的文章 {status}',
    markPublic: '公开',
    markShareLink: '已分享链接',
    markBooklet: '在小册中',
    publish: '发布',
    unpublish: '取消发布',
    publishTitle: '发布：任何人都能通过它的地址阅读',
    unpublishTitle: '取消发布：只有你（和分享链接）能阅读',
    viewPublished: '查看已发布的文章',
    publishNeedsSave: '请先保存文章，再公开或分享',
    shareLinks: '分享链接',
    createShareLink: '创建链接',
    revokeShareLink: '撤销',
    copyLink: '复制',
    noShareLinks: '没有分享链接',
    tags: '标签',
    tagsPlaceholder: '输入标签后按回车',
    removeTag: '移除标签 {tag}',
    publishFailed: '无法修改文章 {status}',
    heading: '编辑器',
    tools: '编辑工具',
    newsletterToggle: {
      other: '邮件发送给我的 {count} 位订阅者',
    },
    newsletterQueued: {
      other: '正在邮件发送给 {count} 位订阅者',
    },
    stats: '数据',
    statsOf: '“{title}”的数据',
  },
  'zh-TW': {
    copied: '已複製',
    articleModifiedConfirm: '這篇文章有未儲存的修改。開啟其他文章前先儲存，還是放棄這些修改？',
    uploadSuccess: '上傳成功',
    saveBeforeUpload: '請先儲存文章再上傳圖片',
    trafficOverLimit: '本月上傳流量已用完，升級會員可獲得更多流量。',
    saveFailed: '儲存失敗 {status}',
    noAnswer: '（無回應：已保存在本裝置，正在重試）',
    loadFailed: '載入文章失敗 {status}',
    uploadTokenFailed: '取得上傳憑證失敗 {message}',
    uploadImageFailed: '上傳圖片失敗 {message}',
    uploadImageFailedNoUrl: '上傳圖片失敗，未傳回網址',
    imageTooLarge: '圖片過大，最多 {megapixels} 百萬像素',
    moduleNotFound: 'ZineEditor Module not found',
    statusModified: '已修改',
    statusSaving: '儲存中…',
    statusSaved: '已儲存',
    statusOffline: '離線，已保存在本裝置',
    statusFailed: '尚未儲存，已保存在本裝置',
    restoredLocal: '已恢復保存在本裝置上的修改，正在儲存',
    localCopyFailed: '本裝置無法保存修改的副本（儲存空間不足），請在關閉頁面前儲存',
    conflictTitle: '這篇文章在別處被修改了',
    conflictBody: '另一個分頁或裝置儲存了更新的版本。編輯器現在顯示該版本；你的文字已另存為新文章《{title}》。',
    conflictSuffix: '（衝突副本）',
    leaveWarning: '你所做的修改可能尚未儲存。',
    saveFirst: '先儲存',
    giveUp: '放棄修改',
    cancel: '取消',
    close: '關閉',
    ok: '確定',
    openCopy: '開啟副本',
    loading: '正在載入編輯器…',
    undo: '復原',
    redo: '重做',
    save: '儲存',
    navigation: '文章與小冊',
    tabArticles: '文章',
    tabBooklets: '小冊',
    newArticle: '新增文章',
    untitled: '無標題',
    titlePlaceholder: '標題',
    descriptionPlaceholder: '簡短描述',
    contentPlaceholder: '開始寫作…',
    trash: '回收筒',
    backToArticles: '返回文章',
    loadMore: '載入更多',
    emptyList: '還沒有文章',
    emptyTrash: '回收筒是空的',
    delete: '刪除',
    deleteConfirm: '將《{title}》移到回收筒？',
    deleteForever: '永久刪除',
    deleteForeverConfirm: '永久刪除《{title}》？此操作無法復原。',
    restore: '恢復',
    deleteFailed: '刪除失敗 {status}',
    listFailed: '無法載入你的文章 {status}',
    markPublic: '公開',
    markShareLink: '已分享連結',
    markBooklet: '在小冊中',
    publish: '發佈',
    unpublish: '取消發佈',
    publishTitle: '發佈：任何人都能透過它的網址閱讀',
    unpublishTitle: '取消發佈：只有你（和分享連結）能閱讀',
    viewPublished: '查看已發佈的文章',
    publishNeedsSave: '請先儲存文章，再公開或分享',
    shareLinks: '分享連結',
    createShareLink: '建立連結',
    revokeShareLink: '撤銷',
    copyLink: '複製',
    noShareLinks: '沒有分享連結',
    tags: '標籤',
    tagsPlaceholder: '輸入標籤後按 Enter',
    removeTag: '移除標籤 {tag}',
    publishFailed: '無法修改文章 {status}',
    heading: '編輯器',
    tools: '編輯工具',
    newsletterToggle: {
      other: '以郵件寄給我的 {count} 位訂閱者',
    },
    newsletterQueued: {
      other: '正在以郵件寄給 {count} 位訂閱者',
    },
    stats: '數據',
    statsOf: '「{title}」的數據',
  },
};

export type EditorTranslate = Translate<EditorTextKey>;
export const editorTexts = siteFreeTexts(EDITOR_TEXTS);
