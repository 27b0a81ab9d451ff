import { ScreenFrame } from '../../components/ScreenFrame';

export default function ArticleReviewPage() {
  return <ScreenFrame titleKey="screen.article-review.title" introKey="screen.article-review.intro" />;
}
