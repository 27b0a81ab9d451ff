import { observer } from 'mobx-react-lite';
import { ArticleList } from '../../components/ArticleList';
import { ScreenSection } from '../../components/ScreenSection';
import { useStores } from '../../stores/context';

export default observer(function ColumnArticlesPage() {
  const { column } = useStores();
  return (
    <ScreenSection titleKey="screen.column-articles.title" introKey="screen.column-articles.intro">
      <ArticleList feed={column.originals} />
    </ScreenSection>
  );
});
