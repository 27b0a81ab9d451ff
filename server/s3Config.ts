import { z } from 'zod';

/** An S3-compatible bucket for uploads and PDF exports (docs/decisions/047). */
export interface S3Config {
  /** The store's endpoint (MinIO, R2, a stand-in); absent: AWS for the region. */
  endpoint?: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
  /** Where readers load images from (a CDN, no trailing slash); absent: this site's /media/. */
  publicUrl?: string;
}

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(type: T) => z.preprocess(blankIsAbsent, type.optional());

/** The S3_* variables, spread into the configuration's schema. */
export const s3Settings = {
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(1)),
  S3_REGION: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name')
      .default('us-east-1'),
  ),
  S3_FORCE_PATH_STYLE: z.preprocess(blankIsAbsent, z.enum(['0', '1', 'true', 'false']).default('0')),
  S3_PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
};

type S3Settings = z.infer<z.ZodObject<typeof s3Settings>>;
type WithQiniu = S3Settings & { QINIU_ACCESS_KEY?: string };

const REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const ANY = [...REQUIRED, 'S3_ENDPOINT', 'S3_PUBLIC_URL'] as const;

/** All-or-none, as QINIU_*: the bucket and both keys together, and not beside Qiniu. */
export function checkS3Settings(c: WithQiniu, ctx: z.RefinementCtx): void {
  if (!ANY.some((name) => c[name])) return;
  if (!REQUIRED.every((name) => c[name])) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message:
        'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and S3_PUBLIC_URL go with them)',
    });
  }
  if (c.QINIU_ACCESS_KEY) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'choose one object store: S3_* or QINIU_*, not both' });
}

/** The bucket's settings when they are all there. */
export function s3ConfigOf(c: S3Settings): { s3?: S3Config } {
  if (!c.S3_BUCKET || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) return {};
  return {
    s3: {
      ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT.replace(/\/+$/, '') } : {}),
      bucket: c.S3_BUCKET,
      accessKeyId: c.S3_ACCESS_KEY_ID,
      secretAccessKey: c.S3_SECRET_ACCESS_KEY,
      region: c.S3_REGION,
      forcePathStyle: c.S3_FORCE_PATH_STYLE === '1' || c.S3_FORCE_PATH_STYLE === 'true',
      ...(c.S3_PUBLIC_URL ? { publicUrl: c.S3_PUBLIC_URL.replace(/\/+$/, '') } : {}),
    },
  };
}
