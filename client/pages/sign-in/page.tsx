import { ScreenFrame } from '../../components/ScreenFrame';

export default function SignInPage() {
  return <ScreenFrame titleKey="screen.sign-in.title" introKey="screen.sign-in.intro" />;
}
