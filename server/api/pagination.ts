import { z } from 'zod';

export const pageQuery = (defaultSize: number, maxSize: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });

/** DRF's page links: absolute URLs of the same path with the page changed, or null. */
export function pageLinks(origin: string, originalUrl: string, page: number, pageSize: number, count: number) {
  const link = (target: number) => {
    const url = new URL(originalUrl, origin);
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(pageSize));
    return url.toString();
  };
  return {
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
