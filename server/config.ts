import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.url({ protocol: /^https?$/ }).optional(),
);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_ORIGIN: optionalUrl,
  SITE_NAME: z.string().trim().min(1).max(60).default('Zine'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built client (hashed assets and manifest) lives. */
  CLIENT_DIR: z.string().trim().min(1).default('./dist/client'),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicOrigin: string | undefined;
  secure: boolean;
  siteName: string;
  dataDir: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  clientDir: string;
}>;

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicOrigin: c.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    secure: c.PUBLIC_ORIGIN?.startsWith('https://') ?? false,
    siteName: c.SITE_NAME,
    dataDir: path.resolve(c.DATA_DIR),
    logLevel: c.LOG_LEVEL,
    clientDir: path.resolve(c.CLIENT_DIR),
  };
}
