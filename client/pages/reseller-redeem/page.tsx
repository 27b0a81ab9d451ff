import { ScreenFrame } from '../../components/ScreenFrame';

export default function ResellerRedeemPage() {
  return <ScreenFrame titleKey="screen.reseller-redeem.title" introKey="screen.reseller-redeem.intro" />;
}
