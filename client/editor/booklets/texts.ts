import { siteFreeTexts, type PageTexts, type Translate } from '../../i18n/pageTexts';

export type BookletTextKey =
  | 'booklets'
  | 'myBooklets'
  | 'trash'
  | 'newBooklet'
  | 'noBooklets'
  | 'emptyTrash'
  | 'loadMore'
  | 'loading'
  | 'chapters'
  | 'inTrash'
  | 'back'
  | 'edit'
  | 'delete'
  | 'deleteForGood'
  | 'restore'
  | 'read'
  | 'name'
  | 'heading'
  | 'description'
  | 'cover'
  | 'chooseCover'
  | 'coverHint'
  | 'price'
  | 'priceHint'
  | 'priceInvalid'
  | 'save'
  | 'create'
  | 'cancel'
  | 'ok'
  | 'nameRequired'
  | 'addDirectory'
  | 'addArticle'
  | 'directoryTitle'
  | 'newDirectory'
  | 'rename'
  | 'remove'
  | 'moveUp'
  | 'moveDown'
  | 'moveTo'
  | 'dragHint'
  | 'emptyTree'
  | 'topLevel'
  | 'free'
  | 'paid'
  | 'salesMode'
  | 'private'
  | 'pickArticle'
  | 'pickArticleHint'
  | 'add'
  | 'added'
  | 'noArticles'
  | 'close'
  | 'confirmDelete'
  | 'confirmDeleteForGood'
  | 'confirmRemoveItem'
  | 'created'
  | 'saved'
  | 'movedToTrash'
  | 'restored'
  | 'listFailed'
  | 'detailFailed'
  | 'createFailed'
  | 'updateFailed'
  | 'deleteFailed'
  | 'restoreFailed'
  | 'orderFailed'
  | 'itemFailed'
  | 'articlesFailed';

/** The booklet manager's texts in the three languages, kept in the editor chunk. */
export const BOOKLET_TEXTS: PageTexts<BookletTextKey> = {
  en: {
    booklets: 'Booklets',
    myBooklets: 'My booklets',
    trash: 'Trash',
    newBooklet: 'New booklet',
    noBooklets: 'No booklets yet. A booklet gathers your articles into chapters under directories.',
    emptyTrash: 'The trash is empty.',
    loadMore: 'Load more',
    loading: 'Loading…',
    chapters: {
      one: '{count} chapter',
      other: '{count} chapters',
    },
    inTrash: 'In the trash',
    back: 'All booklets',
    edit: 'Edit',
    delete: 'Delete',
    deleteForGood: 'Delete for good',
    restore: 'Restore',
    read: 'Read',
    name: 'Name',
    heading: 'Heading',
    description: 'Description',
    cover: 'Cover image',
    chooseCover: 'Choose a cover',
    coverHint: 'JPEG, PNG, GIF or WebP, at most 5 MB',
    price: 'Price (yuan)',
    priceHint: 'What the paid chapters cost together. 0 makes them free to read.',
    priceInvalid: 'A price is 0 or more yuan with at most 2 decimals, up to 100000.',
    save: 'Save',
    create: 'Create',
    cancel: 'Cancel',
    ok: 'OK',
    nameRequired: 'A booklet needs a name.',
    addDirectory: 'Add directory',
    addArticle: 'Add article',
    directoryTitle: 'Directory title',
    newDirectory: 'New directory',
    rename: 'Rename',
    remove: 'Remove',
    moveUp: 'Move up',
    moveDown: 'Move down',
    moveTo: 'Move to',
    dragHint: 'Drag items to reorder them, or drop them on a directory to move them inside.',
    emptyTree: 'This booklet is empty. Add a directory or an article.',
    topLevel: 'Top level',
    free: 'Free',
    paid: 'Paid',
    salesMode: 'Sales mode',
    private: 'Private',
    pickArticle: 'Add an article to “{target}”',
    pickArticleHint: 'Your articles; each can be in a booklet once.',
    add: 'Add',
    added: 'Added',
    noArticles: 'You have no articles yet.',
    close: 'Close',
    confirmDelete: 'Move the booklet “{name}” to the trash? Readers will no longer find it.',
    confirmDeleteForGood: 'Delete the booklet “{name}” for good? This cannot be undone; the articles stay.',
    confirmRemoveItem: 'Remove “{title}” from this booklet? Its articles stay in your article list.',
    created: 'Booklet created',
    saved: 'Booklet saved',
    movedToTrash: 'Moved to the trash',
    restored: 'Booklet restored',
    listFailed: 'Loading the booklets failed: {message}',
    detailFailed: 'Loading the booklet failed: {message}',
    createFailed: 'Creating the booklet failed: {message}',
    updateFailed: 'Saving the booklet failed: {message}',
    deleteFailed: 'Deleting the booklet failed: {message}',
    restoreFailed: 'Restoring the booklet failed: {message}',
    orderFailed: 'Saving the new order failed: {message}',
    itemFailed: 'Changing the booklet failed: {message}',
    articlesFailed: 'Loading your articles failed: {message}',
  },
  'zh-CN': {
    booklets: '小册',
    myBooklets: '我的小册',
    trash: '回收站',
    newBooklet: '新建小册',
    noBooklets: '还没有小册。小册把你的文章按目录编排成章节。',
    emptyTrash: '回收站是空的。',
    loadMore: '加载更多',
    loading: '加载中…',
    chapters: '{count} 个章节',
    inTrash: '在回收站中',
    back: '全部小册',
    edit: '编辑',
    delete: '删除',
    deleteForGood: '彻底删除',
    restore: '恢复',
    read: '阅读',
    name: '名称',
    heading: '标题',
    description: '简介',
    cover: '封面图片',
    chooseCover: '选择封面',
    coverHint: 'JPEG、PNG、GIF 或 WebP，不超过 5 MB',
    price: '价格（元）',
    priceHint: '付费章节的合计价格。设为 0 则免费阅读。',
    priceInvalid: '价格须为 0 至 100000 元，最多两位小数。',
    save: '保存',
    create: '创建',
    cancel: '取消',
    ok: '确定',
    nameRequired: '小册需要一个名称。',
    addDirectory: '添加目录',
    addArticle: '添加文章',
    directoryTitle: '目录标题',
    newDirectory: '新目录',
    rename: '重命名',
    remove: '移除',
    moveUp: '上移',
    moveDown: '下移',
    moveTo: '移到',
    dragHint: '拖动条目调整顺序，或拖到目录上放入其中。',
    emptyTree: '这本小册还是空的。添加一个目录或一篇文章。',
    topLevel: '顶层',
    free: '免费',
    paid: '付费',
    salesMode: '销售方式',
    private: '私密',
    pickArticle: '添加文章到“{target}”',
    pickArticleHint: '你的文章；每篇在一本小册中只能出现一次。',
    add: '添加',
    added: '已添加',
    noArticles: '你还没有文章。',
    close: '关闭',
    confirmDelete: '把小册“{name}”移到回收站？读者将无法再看到它。',
    confirmDeleteForGood: '彻底删除小册“{name}”？此操作无法撤销；其中的文章会保留。',
    confirmRemoveItem: '从这本小册中移除“{title}”？其中的文章仍保留在你的文章列表中。',
    created: '小册已创建',
    saved: '小册已保存',
    movedToTrash: '已移到回收站',
    restored: '小册已恢复',
    listFailed: '加载小册失败：{message}',
    detailFailed: '加载小册详情失败：{message}',
    createFailed: '创建小册失败：{message}',
    updateFailed: '保存小册失败：{message}',
    deleteFailed: '删除小册失败：{message}',
    restoreFailed: '恢复小册失败：{message}',
    orderFailed: '保存新顺序失败：{message}',
    itemFailed: '修改小册失败：{message}',
    articlesFailed: '加载你的文章失败：{message}',
  },
  'zh-TW': {
    booklets: '小冊',
    myBooklets: '我的小冊',
    trash: '回收筒',
    newBooklet: '新增小冊',
    noBooklets: '還沒有小冊。小冊把你的文章依目錄編排成章節。',
    emptyTrash: '回收筒是空的。',
    loadMore: '載入更多',
    loading: '載入中…',
    chapters: '{count} 個章節',
    inTrash: '在回收筒中',
    back: '全部小冊',
    edit: '編輯',
    delete: '刪除',
    deleteForGood: '永久刪除',
    restore: '還原',
    read: '閱讀',
    name: '名稱',
    heading: '標題',
    description: '簡介',
    cover: '封面圖片',
    chooseCover: '選擇封面',
    coverHint: 'JPEG、PNG、GIF 或 WebP，不超過 5 MB',
    price: '價格（元）',
    priceHint: '付費章節的合計價格。設為 0 則免費閱讀。',
    priceInvalid: '價格須為 0 至 100000 元，最多兩位小數。',
    save: '儲存',
    create: '建立',
    cancel: '取消',
    ok: '確定',
    nameRequired: '小冊需要一個名稱。',
    addDirectory: '新增目錄',
    addArticle: '新增文章',
    directoryTitle: '目錄標題',
    newDirectory: '新目錄',
    rename: '重新命名',
    remove: '移除',
    moveUp: '上移',
    moveDown: '下移',
    moveTo: '移到',
    dragHint: '拖曳項目調整順序，或拖到目錄上放入其中。',
    emptyTree: '這本小冊還是空的。新增一個目錄或一篇文章。',
    topLevel: '最上層',
    free: '免費',
    paid: '付費',
    salesMode: '銷售方式',
    private: '私密',
    pickArticle: '新增文章到「{target}」',
    pickArticleHint: '你的文章；每篇在一本小冊中只能出現一次。',
    add: '加入',
    added: '已加入',
    noArticles: '你還沒有文章。',
    close: '關閉',
    confirmDelete: '把小冊「{name}」移到回收筒？讀者將無法再看到它。',
    confirmDeleteForGood: '永久刪除小冊「{name}」？此操作無法復原；其中的文章會保留。',
    confirmRemoveItem: '從這本小冊中移除「{title}」？其中的文章仍保留在你的文章列表中。',
    created: '小冊已建立',
    saved: '小冊已儲存',
    movedToTrash: '已移到回收筒',
    restored: '小冊已還原',
    listFailed: '載入小冊失敗：{message}',
    detailFailed: '載入小冊詳情失敗：{message}',
    createFailed: '建立小冊失敗：{message}',
    updateFailed: '儲存小冊失敗：{message}',
    deleteFailed: '刪除小冊失敗：{message}',
    restoreFailed: '還原小冊失敗：{message}',
    orderFailed: '儲存新順序失敗：{message}',
    itemFailed: '修改小冊失敗：{message}',
    articlesFailed: '載入你的文章失敗：{message}',
  },
};

export type BookletTranslate = Translate<BookletTextKey>;
export const bookletTexts = siteFreeTexts(BOOKLET_TEXTS);
