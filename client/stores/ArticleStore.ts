import { action, makeObservable, observableRef } from 'mobx';
import type { ArticleDetail } from '../../shared/entities';
import { articlesApi } from '../api/articles';
import type { ApiClient } from '../api/client';

export interface ArticleSnapshot {
  current: ArticleDetail | null;
}

/** The article being read. Held by reference: its body is large and read-only (DESIGN §8). */
export class ArticleStore {
  current: ArticleDetail | null;

  constructor(
    private readonly api: ApiClient,
    snapshot?: Partial<ArticleSnapshot>,
  ) {
    this.current = snapshot?.current ?? null;
    makeObservable<ArticleStore, 'setCurrent'>(this, { current: observableRef, setCurrent: action });
  }

  /** Loads an article unless it is the one already here (the server's, on hydration). */
  async load(slug: string, shareCode?: string | null): Promise<ArticleDetail> {
    if (this.current?.slug === slug) return this.current;
    const article = await articlesApi.read(this.api, slug, shareCode);
    this.setCurrent(article);
    return article;
  }

  private setCurrent(article: ArticleDetail | null): void {
    this.current = article;
  }

  toJSON(): ArticleSnapshot {
    return { current: this.current };
  }
}
