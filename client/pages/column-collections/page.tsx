import { ScreenSection } from '../../components/ScreenSection';

export default function ColumnCollectionsPage() {
  return <ScreenSection titleKey="screen.column-collections.title" introKey="screen.column-collections.intro" />;
}
