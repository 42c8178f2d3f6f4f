import { FIXED_ARTICLE_SLUGS } from '@kestrel/contract';
import { useSearchParams } from 'react-router';
import { ArticlePage } from './ArticlePage';

/** /user/textDetail?slug=…: one article. */
export function TextDetailScreen() {
  const [search] = useSearchParams();
  const slug = search.get('slug') ?? '';
  return <ArticlePage key={slug} slug={slug} />;
}

/** /home/introduction: the platform's introduction, an article operators edit like any other. */
export function IntroductionScreen() {
  return <ArticlePage slug={FIXED_ARTICLE_SLUGS.introduction} />;
}
