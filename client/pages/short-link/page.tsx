import { ScreenFrame } from '../../components/ScreenFrame';

export default function ShortLinkPage() {
  return <ScreenFrame titleKey="screen.short-link.title" introKey="screen.short-link.intro" />;
}
