import { ScreenSection } from '../../components/ScreenSection';

export default function BookletOverviewPage() {
  return <ScreenSection titleKey="screen.booklet-overview.title" introKey="screen.booklet-overview.intro" />;
}
