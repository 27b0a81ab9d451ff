import type { createBrowserRouter } from 'react-router-dom';
import { navigationErrorInfo } from '../../shared/navigationError';
import type { UiStore } from '../stores/UiStore';
import { clearChunkReloadFlag, isChunkLoadError, reloadOnceForChunkError } from './loadChunk';

/**
 * Drives the progress line from the router: start, finish, or red when a route
 * errored. A chunk that failed to load reloads the page instead (docs/specification/shell.md §4).
 */
export function trackNavigationProgress(router: ReturnType<typeof createBrowserRouter>, ui: UiStore): () => void {
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') {
      ui.startProgress();
      return;
    }
    const errors: unknown[] = state.errors ? Object.values(state.errors) : [];
    if (errors.some(isChunkLoadError) && reloadOnceForChunkError()) return;
    const [error] = errors;
    if (error !== undefined) {
      ui.failNavigation(navigationErrorInfo(error));
      return;
    }
    clearChunkReloadFlag();
    if (ui.progress === 'start') ui.finishProgress();
  });
}
