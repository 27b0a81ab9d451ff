import { randomBytes } from 'node:crypto';
import os from 'node:os';

/** The name a process's claims carry in a shared queue (at most 100 characters): the one given, else host, pid and a random part. */
export function queueWorkerId(given?: string): string {
  return (given ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`).slice(0, 100);
}
