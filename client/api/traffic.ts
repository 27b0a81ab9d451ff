import type { TrafficQuota } from '../../shared/traffic';
import type { ApiClient } from './client';

/** docs/specification/content-and-commerce.md §7: the traffic meter (its own module: feedback, on every page, reads it without the upload code). */
export const trafficApi = {
  /** `GET /api/traffic/current/`: the month's upload traffic. */
  current: (api: ApiClient) => api.request<TrafficQuota>({ method: 'GET', path: '/api/traffic/current/' }),
};
