import type { EditableArticle } from '../../../shared/entities';

/** The fields of an article the author edits, as they are kept on the device. */
export type DraftFields = Pick<EditableArticle, 'title' | 'description' | 'cover_url' | 'content' | 'theme' | 'style' | 'word_count'>;

/** A local copy of unsaved work: written on every change, cleared only when the server confirms it. */
export interface LocalDraft extends DraftFields {
  /** The article's id, or null for a new article not created yet. */
  articleId: number | null;
  /** The key of a new article's copy (kept when it gets an id, to find leftovers). */
  tempKey: string;
  /** ISO time of the last local change: the version this copy is. */
  client_modify_date: string;
  /** The server's client_modify_date this copy was based on (null: never saved). */
  base_modify_date: string | null;
}

/** The small part of Web Storage the drafts need; tests pass a Map-backed one. */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

const PREFIX = 'zine:editor:draft:';

/**
 * Local copies of unsaved articles in localStorage (synchronous, so a copy is on disk
 * before the next keystroke is handled): one per article id, or per temporary key for a
 * new article. A write that fails (storage full, private mode) is reported, never thrown.
 */
export class LocalDraftStore {
  constructor(private readonly storage: DraftStorage | null) {}

  /** Writes the copy under its article id, or its temporary key while it has none. */
  write(draft: LocalDraft): boolean {
    if (!this.storage) return false;
    try {
      this.storage.setItem(keyOf(draft), JSON.stringify(draft));
      // An article that got its id no longer needs the copy under its temporary key.
      if (draft.articleId !== null) this.storage.removeItem(tempKeyOf(draft.tempKey));
      return true;
    } catch {
      return false;
    }
  }

  forArticle(id: number): LocalDraft | null {
    return this.read(`${PREFIX}${id}`);
  }

  forTemp(tempKey: string): LocalDraft | null {
    return this.read(tempKeyOf(tempKey));
  }

  /**
   * Clears a copy only when it is the version the server confirmed (its client_modify_date
   * matches): a newer change written meanwhile stays.
   */
  clearIfConfirmed(draft: Pick<LocalDraft, 'articleId' | 'tempKey'>, confirmedModifyDate: string): void {
    if (!this.storage) return;
    for (const key of [draft.articleId === null ? null : `${PREFIX}${draft.articleId}`, tempKeyOf(draft.tempKey)]) {
      if (!key) continue;
      const stored = this.read(key);
      if (stored && Date.parse(stored.client_modify_date) <= Date.parse(confirmedModifyDate)) this.storage.removeItem(key);
    }
  }

  /** Removes a copy the author chose to give up. */
  discard(draft: Pick<LocalDraft, 'articleId' | 'tempKey'>): void {
    if (!this.storage) return;
    if (draft.articleId !== null) this.storage.removeItem(`${PREFIX}${draft.articleId}`);
    this.storage.removeItem(tempKeyOf(draft.tempKey));
  }

  /** Copies of new articles never created on the server (a tab closed or crashed first), newest first. */
  unsavedNewArticles(): LocalDraft[] {
    if (!this.storage) return [];
    const drafts: LocalDraft[] = [];
    for (let index = 0; index < this.storage.length; index++) {
      const key = this.storage.key(index);
      if (!key?.startsWith(`${PREFIX}new:`)) continue;
      const draft = this.read(key);
      if (draft && draft.articleId === null) drafts.push(draft);
    }
    return drafts.sort((a, b) => b.client_modify_date.localeCompare(a.client_modify_date));
  }

  private read(key: string): LocalDraft | null {
    if (!this.storage) return null;
    try {
      const raw = this.storage.getItem(key);
      if (!raw) return null;
      const parsed: unknown = JSON.parse(raw);
      return isDraft(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
}

/** The browser's localStorage, or null where it cannot be used. */
export function browserDraftStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function keyOf(draft: Pick<LocalDraft, 'articleId' | 'tempKey'>): string {
  return draft.articleId === null ? tempKeyOf(draft.tempKey) : `${PREFIX}${draft.articleId}`;
}

function tempKeyOf(tempKey: string): string {
  return `${PREFIX}new:${tempKey}`;
}

function isDraft(value: unknown): value is LocalDraft {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    (record.articleId === null || typeof record.articleId === 'number') &&
    typeof record.tempKey === 'string' &&
    typeof record.title === 'string' &&
    typeof record.content === 'string' &&
    typeof record.client_modify_date === 'string' &&
    (record.base_modify_date === null || typeof record.base_modify_date === 'string')
  );
}
