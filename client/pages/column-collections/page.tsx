import { observer } from 'mobx-react-lite';
import { ArticleList } from '../../components/ArticleList';
import { ScreenSection } from '../../components/ScreenSection';
import { useStores } from '../../stores/context';

export default observer(function ColumnCollectionsPage() {
  const { column } = useStores();
  return (
    <ScreenSection titleKey="screen.column-collections.title" introKey="screen.column-collections.intro">
      <ArticleList feed={column.favorites} />
    </ScreenSection>
  );
});
