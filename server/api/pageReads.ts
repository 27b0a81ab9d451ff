import type { RequestHandler } from 'express';
import type { User } from '../db/schema';

/**
 * A GET of the contract that page loaders make (the reader, an article, a column, a
 * booklet), written once and answered two ways: over HTTP through the API router
 * (`serveRead`), and to the server's own rendering by a direct call, with the reader
 * looked up once a page (`inProcessTransport`). See docs/decisions/033.
 */
export interface PageRead<T = unknown> {
  /** The route under `/api`, in Express's syntax (`/article/:slug/`). */
  path: string;
  /** The answer's Cache-Control (the API's default is `no-store`). */
  cacheControl?: string;
  /** Request headers the answer varies by beyond the URL (`Vary`), e.g. `Cookie`. */
  vary?: string;
  /** The answer: a body of the shared contract (`T`, from `shared/`). */
  read: (request: ReadRequest) => Promise<T>;
}

export interface ReadRequest {
  user: User | null;
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, unknown>>;
  /** A request header by its lower-case name. */
  header: (name: string) => string | undefined;
  /** The path with its query, as the caller wrote it (DRF's page links are built from it). */
  originalUrl: string;
  /** The client's address as Express reads it (`req.ip`, through trusted proxies): who an anonymous page view is from. */
  address?: string;
  /** Made for the render cache's anonymous copy of a page, by no reader: no page view is counted. */
  uncounted?: boolean;
}

/** A page read as an API route: the same answer as the in-process call, as JSON. */
export function serveRead(read: PageRead): RequestHandler {
  return async (req, res) => {
    if (read.cacheControl) res.set('Cache-Control', read.cacheControl);
    if (read.vary) res.vary(read.vary);
    const data = await read.read({
      user: req.auth?.user ?? null,
      params: req.params as Record<string, string>,
      query: req.query,
      header: (name) => req.get(name),
      originalUrl: req.originalUrl,
      address: req.ip,
    });
    res.json(data);
  };
}
