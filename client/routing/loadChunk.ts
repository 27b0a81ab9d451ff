const RELOAD_FLAG = 'zine:chunk-reload';

/** A code chunk that failed to load: usually a new deployment replaced it. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Loads a code chunk, marking a failure as a ChunkLoadError so the router can reload the page. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError;
}

/**
 * docs/specification/shell.md §4: a failed chunk load reloads the page (the location is already the
 * target), once per URL; a second failure stays an error.
 */
export function reloadOnceForChunkError(): boolean {
  const here = window.location.href;
  if (window.sessionStorage.getItem(RELOAD_FLAG) === here) return false;
  window.sessionStorage.setItem(RELOAD_FLAG, here);
  window.location.reload();
  return true;
}

/** After a navigation that loaded fine, a later failure may reload again. */
export function clearChunkReloadFlag(): void {
  window.sessionStorage.removeItem(RELOAD_FLAG);
}
