import { ScreenFrame } from '../../components/ScreenFrame';

export default function AppsDownloadPage() {
  return <ScreenFrame titleKey="screen.apps-download.title" introKey="screen.apps-download.intro" />;
}
