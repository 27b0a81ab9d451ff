import { observer } from 'mobx-react-lite';
import { SEARCH_QUERY_MAX_LENGTH, type SearchType } from '../../shared/search';
import { useStores } from '../stores/context';

interface SearchFormProps {
  query?: string;
  type?: SearchType | null;
  autoFocus?: boolean;
  className?: string;
}

/**
 * The search box of the header and the search page: the browser's own GET form to `/search/`,
 * a page the server renders (the results are links; paging and kinds navigate in place). Kept to
 * markup alone: it is on every page's first load (the reader-JS budget). An empty box goes nowhere.
 */
export const SearchForm = observer(function SearchForm({ query = '', type = null, autoFocus = false, className = '' }: SearchFormProps) {
  const { env } = useStores();

  return (
    <form role="search" action="/search/" method="get" className={`search-form ${className}`.trim()}>
      {/* Keyed by the query: another search shown (back, a link) puts its words in the box. */}
      <input
        key={query}
        type="search"
        name="q"
        className="search-form__input"
        defaultValue={query}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder={env.t('search.submit')}
        aria-label={env.t('search.label')}
        enterKeyHint="search"
        autoFocus={autoFocus}
        required
      />
      {type ? <input type="hidden" name="type" value={type} /> : null}
      <button type="submit" className="search-form__submit" aria-label={env.t('search.submit')} />
    </form>
  );
});
