import { pino, type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/** The one logger: structured JSON lines on stdout. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: undefined });
}
