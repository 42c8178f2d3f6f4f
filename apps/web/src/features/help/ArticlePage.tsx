import type { ArticleView } from '@kestrel/contract';
import { dateTimeFormat, type Locale } from '@kestrel/i18n';
import { Markdown } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import styles from './Help.module.css';
import { HELP_CENTRE_PATH } from './paths';
import { useArticleQuery } from './queries';
import { HelpTestId } from './testIds';

export function formatDay(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * A whole screen showing one published article in the reader's language, or in English with a note when it has
 * no translation yet. The help centre's article screen, the introduction, about us and menu entries use it.
 */
export function ArticlePage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const article = useArticleQuery(slug, language);
  const shown = article.data;
  const heading =
    shown?.kind === 'news'
      ? t('help.newsTitle')
      : shown?.kind === 'help'
        ? (shown.category?.name ?? t('help.title'))
        : (shown?.title ?? '');
  useDocumentTitle(shown?.title ?? t('help.title'));
  return (
    <div className={styles.screen} data-testid={HelpTestId.articlePage}>
      <TopBar title={heading} backTo={HELP_CENTRE_PATH} />
      <main className={styles.main}>
        {article.isError ? (
          <ErrorState message={article.error.message} onRetry={() => void article.refetch()} />
        ) : article.isPending ? (
          <LoadingState />
        ) : (
          <Article article={article.data} />
        )}
      </main>
    </div>
  );
}

function Article({ article }: { article: ArticleView }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const page = article.kind === 'page';
  return (
    <article className={styles.article} lang={article.locale} dir={article.fallback ? 'ltr' : undefined}>
      {article.fallback ? (
        <p className={styles.note} lang={language} dir="auto" data-testid={HelpTestId.fallbackNote}>
          {t('help.fallbackNote')}
        </p>
      ) : null}
      {page ? null : (
        <h2 className={styles.title} data-testid={HelpTestId.articleTitle}>
          {article.title}
        </h2>
      )}
      {page ? null : (
        <p className={styles.date} lang={language} data-testid={HelpTestId.articleDate}>
          <time dateTime={article.publishedAt}>
            {t('help.published', { date: formatDay(article.publishedAt, language) })}
          </time>
        </p>
      )}
      <Markdown
        markdown={article.body}
        onNavigate={(path) => navigate(path)}
        testId={HelpTestId.articleBody}
      />
    </article>
  );
}
