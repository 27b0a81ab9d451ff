import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { SEARCH_TYPES, type SearchType } from '../../../shared/search';
import { SearchForm } from '../../components/SearchForm';
import { pageTranslator } from '../../i18n/pageTexts';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { searchPath, searchQueryOf } from '../../routing/searchAddress';
import { searchStore, type SearchHit } from './SearchStore';
import { SEARCH_TEXTS } from './texts';
import { formatDay } from '../../../shared/readerDates';
import { FormError } from '../../components/FormError';

type Translate = ReturnType<typeof pageTranslator<keyof (typeof SEARCH_TEXTS)['en']>>;

/** The results the address asks for, on the server and on each navigation. */
export async function loader({ stores, request }: PageLoaderArgs): Promise<void> {
  await searchStore(stores).show(searchQueryOf(new URL(request.url)));
}

/**
 * `/search/?q=&type=&page=`: public articles, columns and booklets by words, ten a page, the
 * matched words marked (docs/decisions/038). Never indexed; every page of results is a link.
 */
export default observer(function SearchPage() {
  const stores = useStores();
  const { env } = stores;
  const store = searchStore(stores);
  const { query, results, error } = store;
  const t = pageTranslator(SEARCH_TEXTS, env.textLocale, env.siteName);
  const answered = query.q !== '' && results.loaded && !error;

  return (
    <main className="screen search-page">
      <h1 className="screen__title">{env.t('screen.search.title')}</h1>
      <p className="screen__intro">{t('intro')}</p>
      <SearchForm query={query.q} type={query.type} autoFocus={query.q === ''} className="search-page__form" />
      {query.q ? (
        <nav className="tabs search-page__kinds" aria-label={t('kinds')}>
          {[null, ...SEARCH_TYPES].map((type) => (
            <Link
              key={type ?? 'all'}
              to={searchPath({ q: query.q, type, page: 1 })}
              className={type === query.type ? 'tabs__tab active' : 'tabs__tab'}
              aria-current={type === query.type ? 'page' : undefined}
            >
              {type ? t(`type.${type}`) : t('all')}
            </Link>
          ))}
        </nav>
      ) : null}
      <FormError message={error} />
      {answered ? (
        <p className="search-page__count" role="status">
          {results.count === 0
            ? t('none', { q: query.q })
            : store.capped
              ? t('countCapped', { count: results.count.toLocaleString(env.textLocale), q: query.q })
              : t('count', { count: results.count, q: query.q })}
        </p>
      ) : null}
      {answered && results.items.length > 0 ? (
        <ol className="search-results">
          {results.items.map((hit) => (
            <SearchResultItem key={hit.id} hit={hit} t={t} />
          ))}
        </ol>
      ) : null}
      {answered && store.pages > 1 ? <SearchPager q={query.q} type={query.type} page={results.page} pages={store.pages} t={t} /> : null}
    </main>
  );
});

/** One result: its kind, its title and a snippet with the matched words marked by the server (escaped, `<mark>` only). */
const SearchResultItem = observer(function SearchResultItem({ hit, t }: { hit: SearchHit; t: Translate }) {
  const { env } = useStores();
  const byline = hit.type === 'article' ? hit.author.username : hit.type === 'booklet' ? hit.owner.username : null;
  return (
    <li className={`search-result search-result--${hit.type}`}>
      <p className="search-result__kind">
        {t(`kind.${hit.type}`)}
        {hit.type === 'article' && hit.paid ? ` · ${t('paid')}` : null}
        {byline ? ` · ${t('by', { name: byline })}` : null}
        {' · '}
        <time dateTime={hit.modified}>{formatDay(Date.parse(hit.modified), env.timeZone)}</time>
      </p>
      <h2 className="article-card__title search-result__title">
        <Link to={hit.path} dangerouslySetInnerHTML={{ __html: hit.title_html }} />
      </h2>
      {hit.snippet ? <p className="search-result__snippet" dangerouslySetInnerHTML={{ __html: hit.snippet }} /> : null}
    </li>
  );
});

function SearchPager({ q, type, page, pages, t }: { q: string; type: SearchType | null; page: number; pages: number; t: Translate }) {
  return (
    <nav className="search-page__pager" aria-label={t('pageOf', { page, pages })}>
      {page > 1 ? (
        <Link to={searchPath({ q, type, page: page - 1 })} rel="prev" className="button">
          {t('previous')}
        </Link>
      ) : null}
      <span>{t('pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link to={searchPath({ q, type, page: page + 1 })} rel="next" className="button">
          {t('next')}
        </Link>
      ) : null}
    </nav>
  );
}
