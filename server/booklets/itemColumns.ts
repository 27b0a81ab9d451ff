/** The columns of a booklet item every view of the tree reads (the owner's, the reader's). */
export const BOOKLET_ITEM_COLUMNS = [
  'booklet_items.id',
  'booklet_items.parent_id',
  'booklet_items.type',
  'booklet_items.slug',
  'booklet_items.title',
  'booklet_items.order',
  'booklet_items.sales_mode',
  'booklet_items.article_id',
  'articles.title as article_title',
] as const;
