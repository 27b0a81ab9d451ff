import { ScreenFrame } from '../../components/ScreenFrame';

export default function ProfileWalletPage() {
  return <ScreenFrame titleKey="screen.profile-wallet.title" introKey="screen.profile-wallet.intro" />;
}
