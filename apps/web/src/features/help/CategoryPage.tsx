import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ArticleCards } from './ArticleCards';
import styles from './Help.module.css';
import { HELP_CENTRE_PATH } from './paths';
import { useHelpCategoryQuery } from './queries';
import { HelpTestId } from './testIds';

/** A whole screen listing one help-centre category's published articles (a menu entry's article list uses it). */
export function CategoryPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const category = useHelpCategoryQuery(slug, language);
  useDocumentTitle(category.data?.name ?? t('help.title'));
  return (
    <div className={styles.screen} data-testid={HelpTestId.categoryPage}>
      <TopBar title={category.data?.name ?? t('help.title')} backTo={HELP_CENTRE_PATH} />
      <main className={styles.main}>
        {category.isError ? (
          <ErrorState message={category.error.message} onRetry={() => void category.refetch()} />
        ) : category.isPending ? (
          <LoadingState />
        ) : category.data.articles.length === 0 ? (
          <p className={styles.empty}>{t('help.empty')}</p>
        ) : (
          <ArticleCards articles={category.data.articles} />
        )}
      </main>
    </div>
  );
}
