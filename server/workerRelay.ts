import cluster from 'node:cluster';
import { z } from 'zod';

/**
 * Messages every worker of this machine's cluster hears, relayed by the primary (node:cluster's
 * IPC): what PostgreSQL's LISTEN/NOTIFY does across machines, for what only one machine shares
 * (SQLite's live notifications, decision 046). Outside a cluster a message goes to this process.
 */
export interface WorkerRelay {
  send(topic: string, payload: unknown): void;
  on(topic: string, handler: (payload: unknown) => void): () => void;
}

const RELAYED = 'zine:relay';
const messageSchema = z.object({ type: z.literal(RELAYED), topic: z.string(), payload: z.unknown() });

/** The primary's part: each relayed message from a worker goes to every worker, its sender included. */
export function relayBetweenWorkers(): void {
  cluster.on('message', (_worker, message: unknown) => {
    const parsed = messageSchema.safeParse(message);
    if (!parsed.success) return;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(parsed.data);
  });
}

let relay: WorkerRelay | undefined;

/**
 * The relay of this process's app: in a cluster worker the one of the process, through the
 * primary; otherwise a relay of its own (several apps in one process, as tests make, never hear
 * each other's messages).
 */
export function workerRelay(): WorkerRelay {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return handlerSet((deliver) => deliver);
  relay ??= handlerSet((deliver) => {
    process.on('message', (message: unknown) => {
      const parsed = messageSchema.safeParse(message);
      if (parsed.success) deliver(parsed.data.topic, parsed.data.payload);
    });
    return (topic, payload) => send({ type: RELAYED, topic, payload });
  });
  return relay;
}

type Deliver = (topic: string, payload: unknown) => void;

/** Handlers by topic; `connect` gets their delivery and answers how a message is sent. */
function handlerSet(connect: (deliver: Deliver) => Deliver): WorkerRelay {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const send = connect((topic, payload) => {
    for (const handler of handlers.get(topic) ?? []) handler(payload);
  });
  return {
    send,
    on(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return () => void set.delete(handler);
    },
  };
}
