/** The one key under which the browser keeps this product's state (docs/specification/shell.md: one product state key). */
export const PRODUCT_STATE_KEY = 'zine:state';

/** What survives a reload on this device. */
export interface ProductState {
  /** Deferred tasks (DeferredTasks.ts), as stored: checked when read. */
  deferredTasks?: unknown[];
  /** The editor's typing sound. */
  typingSound?: boolean;
  /** The editor's background index (-1 none, 0..9). */
  backgroundIndex?: number;
}

/** localStorage, or a stand-in in tests. */
export interface ProductStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem?(key: string): void;
}

/** The keys the editor used before there was one: moved into the product state on first read. */
export const LEGACY_KEYS = { backgroundIndex: 'zine:editor:background', typingSound: 'zine:editor:typing-sound' } as const;

/** The product state; a missing, unreadable or broken one is empty. Older separate keys are moved in. */
export function readProductState(storage: ProductStorage | null): ProductState {
  if (!storage) return {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PRODUCT_STATE_KEY) ?? '{}');
    const state = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ProductState) : {};
    return migrateLegacy(storage, state);
  } catch {
    return {};
  }
}

/** Merges changes into the product state; a full or blocked storage only forgets them. */
export function updateProductState(storage: ProductStorage | null, changes: ProductState): void {
  if (!storage) return;
  try {
    storage.setItem(PRODUCT_STATE_KEY, JSON.stringify({ ...readProductState(storage), ...changes }));
  } catch {
    // Nothing to do: the state lives on in memory for this page.
  }
}

/** localStorage in the browser; null on the server or where it is blocked. */
export function browserStorage(): ProductStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function migrateLegacy(storage: ProductStorage, state: ProductState): ProductState {
  const background = storage.getItem(LEGACY_KEYS.backgroundIndex);
  const sound = storage.getItem(LEGACY_KEYS.typingSound);
  if (background === null && sound === null) return state;
  const migrated: ProductState = { ...state };
  if (background !== null && migrated.backgroundIndex === undefined) migrated.backgroundIndex = Number(background);
  if (sound !== null && migrated.typingSound === undefined) migrated.typingSound = sound === '1';
  storage.setItem(PRODUCT_STATE_KEY, JSON.stringify(migrated));
  storage.removeItem?.(LEGACY_KEYS.backgroundIndex);
  storage.removeItem?.(LEGACY_KEYS.typingSound);
  return migrated;
}
