/** The mini program's own pages (docs/specification/content-and-commerce.md §2) that the web pages open through its bridge. */
export const MINI_PROGRAM_PAGES = {
  comment: (slug: string) => `/pages/comment/comment?slug=${encodeURIComponent(slug)}`,
  column: (username: string) => `/pages/column/column?username=${encodeURIComponent(username)}`,
  payment: (orderId: string) => `/pages/payment/payment?order=${encodeURIComponent(orderId)}`,
} as const;
