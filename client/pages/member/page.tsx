import { ScreenFrame } from '../../components/ScreenFrame';

export default function MemberPage() {
  return <ScreenFrame titleKey="screen.member.title" introKey="screen.member.intro" />;
}
