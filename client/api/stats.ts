import type { ReadCounted, StatsRange, StatsReport } from '../../shared/authorStats';
import type { ApiClient } from './client';

const query = (days: StatsRange, timeZone: string) => `?days=${days}&tz=${encodeURIComponent(timeZone)}`;

/** The author's numbers (docs/decisions/074) and the article page's read beacon. */
export const statsApi = {
  author: (api: ApiClient, days: StatsRange, timeZone: string) =>
    api.request<StatsReport>({ method: 'GET', path: `/api/editor/stats/${query(days, timeZone)}` }),
  article: (api: ApiClient, id: number, days: StatsRange, timeZone: string) =>
    api.request<StatsReport>({ method: 'GET', path: `/api/editor/stats/articles/${id}/${query(days, timeZone)}` }),
  read: (api: ApiClient, id: number) => api.request<ReadCounted>({ method: 'POST', path: `/api/articles/${id}/read/`, body: {} }),
};
