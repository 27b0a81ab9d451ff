import { ScreenFrame } from '../../components/ScreenFrame';

export default function FoundPage() {
  return <ScreenFrame titleKey="screen.found.title" introKey="screen.found.intro" />;
}
