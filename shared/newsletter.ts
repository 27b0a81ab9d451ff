/** Where a reader's newsletter opt-in to one author stands, as their button shows it. */
export type NewsletterState = 'none' | 'pending' | 'active' | 'bounced';

/** `GET`/`POST /api/newsletter/authors/{name}/`: the reader's state for that author. */
export interface NewsletterSubscriptionState {
  state: NewsletterState;
}

/** `GET /api/newsletter/subscribers/`: how many readers get the author's next article. */
export interface NewsletterSubscribers {
  count: number;
}

/** `POST /api/articles/{id}/newsletter/`: the mails queued for this article now (none twice). */
export interface NewsletterQueued {
  queued: number;
}
