import type { NewsletterQueued, NewsletterSubscribers, NewsletterSubscriptionState } from '../../shared/newsletter';
import type { ApiClient } from './client';

const author = (name: string) => `/api/newsletter/authors/${encodeURIComponent(name)}/`;

/** The newsletter (docs/decisions/072): a reader's opt-in to an author, the author's count and sending. */
export const newsletterApi = {
  state: (api: ApiClient, name: string) => api.request<NewsletterSubscriptionState>({ method: 'GET', path: author(name) }),
  subscribe: (api: ApiClient, name: string) => api.request<NewsletterSubscriptionState>({ method: 'POST', path: author(name), body: {} }),
  stop: (api: ApiClient, name: string) => api.request<NewsletterSubscriptionState>({ method: 'DELETE', path: author(name) }),
  subscribers: (api: ApiClient) => api.request<NewsletterSubscribers>({ method: 'GET', path: '/api/newsletter/subscribers/' }),
  sendArticle: (api: ApiClient, id: number) => api.request<NewsletterQueued>({ method: 'POST', path: `/api/articles/${id}/newsletter/`, body: {} }),
};
