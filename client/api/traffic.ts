import type { ApiClient } from './client';

/** `GET /api/traffic/current/`: the month's upload traffic. */
export interface TrafficQuota {
  begin: string;
  end: string;
  bytes_limit: number;
  bytes_used: number;
}

/** docs/specification/content-and-commerce.md §7: the traffic meter (its own module: feedback, on every page, reads it without the upload code). */
export const trafficApi = {
  current: (api: ApiClient) => api.request<TrafficQuota>({ method: 'GET', path: '/api/traffic/current/' }),
};
