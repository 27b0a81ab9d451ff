import type { ContactAnswer, ContactRequest } from '../../shared/contact';
import type { ApiClient } from './client';

/** docs/specification/shell.md §7: the feedback popup's message; the answer is not read. */
export const contactApi = {
  send: (api: ApiClient, email: string, message: string) =>
    api.request<ContactAnswer>({ method: 'POST', path: '/api/contact/', body: { email, message } satisfies ContactRequest }),
};
