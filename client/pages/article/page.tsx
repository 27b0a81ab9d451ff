import { ScreenFrame } from '../../components/ScreenFrame';

export default function ArticlePage() {
  return <ScreenFrame titleKey="screen.article.title" introKey="screen.article.intro" />;
}
