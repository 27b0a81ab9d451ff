import type PgModule from 'pg';

/** A subscriber: its payloads, and the connection's failures (it reconnects by itself). */
export interface ListenHandler {
  message: (payload: string) => void;
  error: (error: unknown) => void;
}
type Handler = ListenHandler;

/** LISTEN on PostgreSQL channels over one dedicated connection, opened on the first `listen`. */
export interface PgListener {
  /** Calls `handler.message` with each payload sent to `channel`; answers the unsubscribe. */
  listen(channel: string, handler: Handler): Promise<() => void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * One client outside the pool (a pooled connection would be handed to queries and lose its
 * LISTENs). A lost connection is opened again and every channel listened to again; what was
 * sent meanwhile is lost, which the stream's readers make up for (decision 046).
 */
export function pgListener(newClient: () => PgModule.Client): PgListener {
  const handlers = new Map<string, Set<Handler>>();
  let client: Promise<PgModule.Client> | undefined;
  let closed = false;
  const onError = (error: unknown) => {
    for (const set of handlers.values()) for (const handler of set) handler.error(error);
  };

  const open = async (): Promise<PgModule.Client> => {
    const fresh = newClient();
    fresh.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler.message(message.payload ?? '');
    });
    const lost = (error?: unknown) => {
      if (client === undefined || closed) return;
      client = undefined;
      if (error) onError(error);
      void fresh.end().catch(() => undefined);
      setTimeout(() => {
        if (!closed && handlers.size > 0) connection().catch(onError);
      }, RECONNECT_MS).unref();
    };
    fresh.on('error', lost);
    fresh.on('end', () => lost());
    await fresh.connect();
    for (const channel of handlers.keys()) await fresh.query(`LISTEN ${fresh.escapeIdentifier(channel)}`);
    return fresh;
  };
  const connection = (): Promise<PgModule.Client> => {
    if (!client) {
      const opening = open();
      client = opening;
      opening.catch(() => {
        if (client === opening) client = undefined;
      });
    }
    return client;
  };

  return {
    async listen(channel, handler) {
      if (closed) throw new Error('the listener is closed');
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        set.add(handler);
        const live = await connection();
        // A fresh connection listens to every known channel itself.
        await live.query(`LISTEN ${live.escapeIdentifier(channel)}`);
      } else {
        set.add(handler);
      }
      return () => void set.delete(handler);
    },
    async close() {
      closed = true;
      const current = client;
      client = undefined;
      if (current) await (await current.catch(() => undefined))?.end().catch(() => undefined);
    },
  };
}
