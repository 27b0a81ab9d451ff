import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatCents } from '../../../shared/money';
import { STATS_RANGES, type StatsCounter, type StatsDay, type StatsReport } from '../../../shared/authorStats';
import { articlePath } from '../../../shared/seoMeta';
import { pageTranslator, type Translate } from '../../i18n/pageTexts';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { StatsChart } from './StatsChart';
import { statsDays, statsStore, type StatsAsk } from './StatsStore';
import { STATS_TEXTS, type StatsTextKey } from './texts';
import { FormError } from '../../components/FormError';

/** The article an address names (`/editor/stats/{id}`), or null for all the author's. */
function articleOf(param: string | undefined): number | null {
  return param ? Number(param) : null;
}

/** The counter a `?show=` names, when the report has it; else its first. */
function shownCounter(report: StatsReport, value: string | null): StatsCounter {
  return report.counters.find((counter) => counter === value) ?? report.counters[0] ?? 'views';
}

export async function loader({ stores, params, request }: PageLoaderArgs): Promise<void> {
  const ask: StatsAsk = { days: statsDays(new URL(request.url).searchParams), articleId: articleOf(params.article), timeZone: stores.env.timeZone };
  await statsStore(stores).read(ask);
}

/**
 * `/editor/stats` and `/editor/stats/{article id}` (docs/decisions/074): the author's numbers per
 * day over 7, 30 or 365 days in the reader's zone, one counter charted (`?show=`), every counter in
 * the table. Rendered on the server; the browser reads them again in its own zone once it knows it.
 */
export default observer(function EditorStatsPage() {
  const stores = useStores();
  const { env } = stores;
  const t = pageTranslator(STATS_TEXTS, env.textLocale, env.siteName);
  const params = useParams();
  const [search] = useSearchParams();
  const store = statsStore(stores);
  const ask: StatsAsk = { days: statsDays(search), articleId: articleOf(params.article), timeZone: env.timeZone };
  const inZone = store.inZone(ask.timeZone);
  useEffect(() => {
    if (!inZone) void store.load(ask);
    // Read again only when the zone moves (hydration learns the browser's); the loader reads the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inZone, ask.timeZone]);

  const report = store.report;
  const base = ask.articleId === null ? '/editor/stats/' : `/editor/stats/${ask.articleId}/`;
  const title = report?.article ? t('articleTitle', { title: report.article.title }) : env.t('screen.editor-stats.title');
  const counter = report ? shownCounter(report, search.get('show')) : 'views';
  // One formatter for the page's thousands of numbers: toLocaleString makes one each call.
  const numbers = useMemo(() => new Intl.NumberFormat(env.textLocale), [env.textLocale]);
  const format = (value: number, which: StatsCounter = counter) => (which === 'income_cents' ? formatCents(value) : numbers.format(value));
  const link = (days: number, show: StatsCounter) => `${base}?days=${days}&show=${show}`;
  return (
    <main className="screen stats">
      <h1 className="screen__title">{title}</h1>
      {report?.article ? (
        <p className="stats__links">
          <Link to="/editor/stats/">{t('allArticles')}</Link>
          <a href={articlePath(report.article.slug)}>{t('openArticle')}</a>
        </p>
      ) : null}
      <FormError message={store.error ? t('loadFailed', { message: store.error }) : null} />
      <nav className="stats__periods" aria-label={t('period')}>
        {STATS_RANGES.map((days) => (
          <Link key={days} to={link(days, counter)} className="button button--small" aria-current={days === ask.days ? 'page' : undefined}>
            {t('lastDays', { days })}
          </Link>
        ))}
      </nav>
      {report ? (
        <>
          <nav aria-label={t('showing')}>
            <ul className="stats__totals">
              {report.counters.map((which) => (
                <li key={which}>
                  <Link to={link(report.days, which)} className="stats__total" aria-current={which === counter ? 'true' : undefined} data-counter={which}>
                    <span className="stats__total-name">{t(`counter.${which}`)}</span>
                    <span className="stats__total-value">{format(report.totals[which], which)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <figure className="stats__figure">
            {(['wide', 'narrow'] as const).map((size) => (
              <StatsChart
                key={size}
                size={size}
                daily={report.daily}
                counter={counter}
                title={t('chartTitle', { counter: t(`counter.${counter}`), days: report.days })}
                summary={summaryOf(report.daily, counter, format, t)}
                format={format}
              />
            ))}
          </figure>
          <p className="stats__note">{[t('timeZone', { zone: report.time_zone }), t('readRule'), t('notMeasured')].join(env.textLocale === 'en' ? ' ' : '')}</p>
          <StatsTable report={report} format={format} t={t} />
        </>
      ) : null}
    </main>
  );
});

function summaryOf(daily: readonly StatsDay[], counter: StatsCounter, format: (value: number) => string, t: Translate<StatsTextKey>): string {
  const top = daily.reduce<StatsDay | null>((best, day) => (best === null || day[counter] > best[counter] ? day : best), null);
  if (!top || top[counter] === 0) return t('chartEmpty');
  const total = daily.reduce((sum, day) => sum + day[counter], 0);
  return t('chartSummary', { total: format(total), max: format(top[counter]), day: top.day });
}

/** Every counter of every day, newest first: what the chart shows, readable by any means. */
function StatsTable({ report, format, t }: { report: StatsReport; format: (value: number, which: StatsCounter) => string; t: Translate<StatsTextKey> }) {
  const days = [...report.daily].reverse();
  return (
    <>
      <h2 id="stats-table">{t('table')}</h2>
      <div className="stats__table-wrap" tabIndex={0} role="region" aria-labelledby="stats-table">
        <table className="stats__table">
          <thead>
            <tr>
              <th scope="col">{t('day')}</th>
              {report.counters.map((which) => (
                <th key={which} scope="col">
                  {t(`counter.${which}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="stats__table-total">
              <th scope="row">{t('total')}</th>
              {report.counters.map((which) => (
                <td key={which}>{format(report.totals[which], which)}</td>
              ))}
            </tr>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{day.day}</time>
                </th>
                {report.counters.map((which) => (
                  <td key={which}>{format(day[which], which)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
