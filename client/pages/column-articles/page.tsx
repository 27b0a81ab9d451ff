import { ScreenSection } from '../../components/ScreenSection';

export default function ColumnArticlesPage() {
  return <ScreenSection titleKey="screen.column-articles.title" introKey="screen.column-articles.intro" />;
}
