import { ScreenFrame } from '../../components/ScreenFrame';

export default function RedeemPage() {
  return <ScreenFrame titleKey="screen.redeem.title" introKey="screen.redeem.intro" />;
}
