import { ScreenFrame } from '../../components/ScreenFrame';

export default function ResellerDigitalLizhiPage() {
  return <ScreenFrame titleKey="screen.reseller-digital-lizhi.title" introKey="screen.reseller-digital-lizhi.intro" />;
}
