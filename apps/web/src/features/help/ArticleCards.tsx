import type { ArticleSummary } from '@kestrel/contract';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/useLanguage';
import { formatDay } from './ArticlePage';
import styles from './Help.module.css';
import { articlePath } from './paths';
import { HelpTestId } from './testIds';

/** Articles as cards: the title, the first words and, for news, the day it was published. */
export function ArticleCards({ articles, dated = false }: { articles: ArticleSummary[]; dated?: boolean }) {
  const { language } = useLanguage();
  return (
    <ul className={styles.cards}>
      {articles.map((article) => (
        <li key={article.slug}>
          <Link
            className={styles.card}
            to={articlePath(article.slug)}
            data-testid={HelpTestId.article(article.slug)}
          >
            <span className={styles.cardTitle}>{article.title}</span>
            {article.excerpt ? <span className={styles.cardText}>{article.excerpt}</span> : null}
            {dated ? (
              <span className={styles.cardMeta}>
                <time dateTime={article.publishedAt}>{formatDay(article.publishedAt, language)}</time>
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
