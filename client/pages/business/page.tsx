import { ScreenFrame } from '../../components/ScreenFrame';

export default function BusinessPage() {
  return <ScreenFrame titleKey="screen.business.title" introKey="screen.business.intro" />;
}
