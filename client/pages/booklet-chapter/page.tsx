import { ScreenSection } from '../../components/ScreenSection';

export default function BookletChapterPage() {
  return <ScreenSection titleKey="screen.booklet-chapter.title" introKey="screen.booklet-chapter.intro" />;
}
