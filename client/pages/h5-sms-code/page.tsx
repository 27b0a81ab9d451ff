import { ScreenFrame } from '../../components/ScreenFrame';

export default function H5SmsCodePage() {
  return <ScreenFrame titleKey="screen.h5-sms-code.title" introKey="screen.h5-sms-code.intro" />;
}
