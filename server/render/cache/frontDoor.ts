import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Express } from 'express';
import type { FrontHandler } from './fastHits';

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Puts `first` in front of Express's own handling of every request, where `app(req, res)`
 * (a server, supertest) enters it: before Express re-parents req and res, parses the URL or
 * runs any middleware. What `first` declines, or hands on, Express handles as before.
 */
export function answerFirst(app: Express, first: FrontHandler): void {
  const express = app as unknown as { handle: Handle };
  const handle = express.handle.bind(app);
  express.handle = (req, res, next) => {
    if (!first(req, res, () => handle(req, res, next))) handle(req, res, next);
  };
}

/** The scheme of a request as Express reads it (`req.protocol`): X-Forwarded-Proto only from a trusted proxy. */
export function protocolOf(app: Express, req: IncomingMessage): string {
  const own = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
  const trusted = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  if (!trusted(req.socket.remoteAddress, 0)) return own;
  const forwarded = req.headers['x-forwarded-proto'];
  const header = (typeof forwarded === 'string' && forwarded) || own;
  return (header.split(',')[0] ?? header).trim();
}

/**
 * The client's address as Express reads it (`req.ip`, proxy-addr's walk): the socket's peer, or the
 * nearest X-Forwarded-For entry not from a trusted proxy.
 */
export function addressOf(app: Express, req: IncomingMessage): string | undefined {
  const own = req.socket.remoteAddress;
  const forwarded = req.headers['x-forwarded-for'];
  const header = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  const trusted = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  if (!header || !trusted(own, 0)) return own;
  const hops = header
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '')
    .reverse();
  let address = own;
  for (let i = 0; i < hops.length; i++) {
    address = hops[i];
    if (i === hops.length - 1 || !trusted(address, i + 1)) return address;
  }
  return address;
}
