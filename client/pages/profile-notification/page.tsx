import { ScreenFrame } from '../../components/ScreenFrame';

export default function ProfileNotificationPage() {
  return <ScreenFrame titleKey="screen.profile-notification.title" introKey="screen.profile-notification.intro" />;
}
