import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { expect } from 'vitest';
import { Visitor } from './session';

/** One Server-Sent Event as read off the wire. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** An open `text/event-stream` response, its events parsed as they arrive. */
export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  private buffer = '';
  private waiters: (() => void)[] = [];
  ended = false;

  constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    // Anything else (a refusal) is left for the test to read.
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) void this.pump();
    else this.ended = true;
  }

  /** The first event of this name (already read or still to come), or a failure after `timeoutMs`. */
  async next(name: string, timeoutMs = 1000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((e) => e.event === name);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.ended) throw new Error(`no '${name}' event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async pump(): Promise<void> {
    const body = this.response.body;
    if (!body) return;
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        this.buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by the test.
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string): void {
    const lines = block.split('\n');
    const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
    const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
    if (event && data) {
      this.events.push({ event, data: JSON.parse(data) });
      this.wake();
    }
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** The app listening on a free port of 127.0.0.1. */
export async function listening(app: Express): Promise<{ server: Server; origin: string; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Signs in over HTTP and answers the cookie header a browser would then send. */
export async function signedInCookie(server: Server, email: string, password: string): Promise<{ visitor: Visitor; cookie: string }> {
  const visitor = new Visitor(server);
  const res = await visitor.signIn(email, password);
  expect(res.status).toBe(200);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  return { visitor, cookie };
}

/** Opens the notification stream with these cookies (none: anonymous) and any other headers (`Authorization`). */
export async function openStream(origin: string, cookie?: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/notification/stream/`, {
    headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip', ...(cookie ? { Cookie: cookie } : {}), ...headers },
    signal: abort.signal,
  });
  return new EventStreamReader(response, abort);
}
