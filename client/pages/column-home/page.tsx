import { observer } from 'mobx-react-lite';
import { ArticleList } from '../../components/ArticleList';
import { BookletCards } from '../../components/BookletCards';
import { ScreenSection } from '../../components/ScreenSection';
import { useStores } from '../../stores/context';

export default observer(function ColumnHomePage() {
  const { column } = useStores();
  return (
    <ScreenSection titleKey="screen.column-home.title" introKey="screen.column-home.intro">
      <BookletCards list={column.booklets} titleId="column-booklets" level="h3" />
      <ArticleList feed={column.originals} />
    </ScreenSection>
  );
});
