import { ScreenFrame } from '../../components/ScreenFrame';

export default function EditorPage() {
  return <ScreenFrame titleKey="screen.editor.title" introKey="screen.editor.intro" />;
}
