import { ScreenFrame } from '../../components/ScreenFrame';

export default function ReferralPage() {
  return <ScreenFrame titleKey="screen.referral.title" introKey="screen.referral.intro" />;
}
