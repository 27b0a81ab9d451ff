import { ScreenSection } from '../../components/ScreenSection';

export default function ColumnHomePage() {
  return <ScreenSection titleKey="screen.column-home.title" introKey="screen.column-home.intro" />;
}
