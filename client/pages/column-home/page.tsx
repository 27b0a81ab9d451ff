import { observer } from 'mobx-react-lite';
import { ArticleList } from '../../components/ArticleList';
import { ScreenSection } from '../../components/ScreenSection';
import { useStores } from '../../stores/context';

export default observer(function ColumnHomePage() {
  const { column } = useStores();
  return (
    <ScreenSection titleKey="screen.column-home.title" introKey="screen.column-home.intro">
      <ArticleList feed={column.originals} />
    </ScreenSection>
  );
});
