/**
 * glibc's malloc arenas for the server's processes (docs/decisions/062). glibc gives each thread
 * that contends for memory an arena of its own, up to 8 per core; libvips renders images on
 * libuv's pool threads, and what each render frees stays fragmented in its thread's arena: 24
 * variants of a 25-megapixel image took a process from 130 to 340 MB, where it stayed. Two
 * arenas keep it near 250 MB (scripts/benchImages.ts), at no clear cost in time. glibc reads the setting only as a
 * process starts: the Procfile and `npm start` set it, and the cluster's primary gives it to the
 * workers it forks; a value already set is kept.
 */
export const MALLOC_ARENA_MAX = '2';

/** The environment a forked worker adds to its primary's. */
export function workerEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? MALLOC_ARENA_MAX };
}
