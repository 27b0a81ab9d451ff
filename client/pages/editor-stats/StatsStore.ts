import { observable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../../api/client';
import { statsApi } from '../../api/stats';
import { failureText } from '../../payments/failureText';
import { pageStore, type PageStoreKit } from '../../stores/pageStore';
import { DEFAULT_STATS_RANGE, statsRange, type StatsRange, type StatsReport } from '../../../shared/authorStats';

/** What a stats address asks for: the period (`?days=`), the counter charted (`?show=`) and the article, if one. */
export interface StatsAsk {
  days: StatsRange;
  articleId: number | null;
  timeZone: string;
}

export interface StatsSnapshot {
  report: StatsReport | null;
  error: string | null;
}

/** The period an address asks for: `?days=` 7, 30 or 365, else 30. */
export function statsDays(search: URLSearchParams): StatsRange {
  return statsRange(search.get('days')) ?? DEFAULT_STATS_RANGE;
}

/** The stats page's data: the report last read, and why the last read failed. */
export class StatsStore {
  report: StatsReport | null;
  error: string | null;
  private generation = 0;

  constructor(
    private readonly api: ApiClient,
    kit: PageStoreKit,
    snapshot?: StatsSnapshot,
  ) {
    this.report = snapshot?.report ?? null;
    this.error = snapshot?.error ?? null;
    kit.observe(this, { report: observableRef, error: observable });
  }

  /**
   * Whether the report in hand is counted in `timeZone`. Only the zone is the page's to check: a new
   * period or article is read by the route's loader, which stores its report before the address
   * moves, so comparing days or article with the address would read the old period again.
   */
  inZone(timeZone: string): boolean {
    return this.report !== null && this.report.time_zone === timeZone;
  }

  /** Reads the report `ask` names; a failure throws (the loader's: another's article is the 403 page). */
  async read(ask: StatsAsk): Promise<void> {
    const generation = ++this.generation;
    const report =
      ask.articleId === null
        ? await statsApi.author(this.api, ask.days, ask.timeZone)
        : await statsApi.article(this.api, ask.articleId, ask.days, ask.timeZone);
    if (generation !== this.generation) return;
    runInAction(() => {
      this.report = report;
      this.error = null;
    });
  }

  /** Reads it again after hydration (the reader's own zone); a failure is shown and the report in hand stays. */
  async load(ask: StatsAsk): Promise<void> {
    const generation = this.generation + 1;
    try {
      await this.read(ask);
    } catch (failure) {
      if (generation === this.generation) runInAction(() => (this.error = failureText(failure)));
    }
  }

  toJSON(): StatsSnapshot {
    return { report: this.report, error: this.error };
  }
}

export const statsStore = pageStore('editor-stats', (stores, snapshot: StatsSnapshot | undefined) => new StatsStore(stores.api, stores.pages, snapshot));
