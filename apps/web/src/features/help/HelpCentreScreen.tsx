import { Button, SearchField } from '@kestrel/ui';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MINE_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { ListGroup, ListRow } from '../../components/List';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ArticleCards } from './ArticleCards';
import styles from './Help.module.css';
import { articlePath, HELP_CENTRE_PATH, HELP_NEWS_PATH } from './paths';
import { useContentSearchQuery, useHelpCentreQuery, useNewsQuery } from './queries';
import { HelpTestId } from './testIds';

/** /user/helpCenter: search, the categories with their articles and the latest news; `?view=news`: all news. */
export function HelpCentreScreen() {
  const [search] = useSearchParams();
  return search.get('view') === 'news' ? <NewsScreen /> : <HelpCentre />;
}

function HelpCentre() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const centre = useHelpCentreQuery(language);
  useDocumentTitle(t('help.title'));
  return (
    <div className={styles.screen} data-testid={HelpTestId.centre}>
      <TopBar title={t('help.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        <SearchField
          label={t('help.searchLabel')}
          value={query}
          onChange={setQuery}
          maxLength={100}
          testId={HelpTestId.search}
        />
        {deferred.trim() ? (
          <SearchResults query={deferred} />
        ) : centre.isError ? (
          <ErrorState message={centre.error.message} onRetry={() => void centre.refetch()} />
        ) : centre.isPending ? (
          <LoadingState />
        ) : (
          <>
            {centre.data.categories.length === 0 && centre.data.news.length === 0 ? (
              <p className={styles.empty}>{t('help.empty')}</p>
            ) : null}
            {centre.data.categories.map((category) => (
              <div key={category.slug} data-testid={HelpTestId.category(category.slug)}>
                <ListGroup label={category.name}>
                  {category.articles.map((article) => (
                    <ListRow
                      key={article.slug}
                      label={article.title}
                      to={articlePath(article.slug)}
                      testId={HelpTestId.article(article.slug)}
                    />
                  ))}
                </ListGroup>
              </div>
            ))}
            {centre.data.news.length > 0 ? (
              <section className={styles.article} data-testid={HelpTestId.news} aria-labelledby="help-news">
                <div className={styles.sectionHead}>
                  <h2 id="help-news">{t('help.news')}</h2>
                  <Link to={HELP_NEWS_PATH} data-testid={HelpTestId.allNews}>
                    {t('help.allNews')}
                  </Link>
                </div>
                <ArticleCards articles={centre.data.news} dated />
              </section>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}

type Hit = NonNullable<ReturnType<typeof useContentSearchQuery>['data']>['items'][number];

/** The snippet with its matched words marked, built from offsets (the server sends no HTML). */
export function Highlighted({ text, highlights }: { text: string; highlights: [number, number][] }) {
  const parts = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className={styles.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const results = useContentSearchQuery(query, language);
  if (results.isError)
    return <ErrorState message={results.error.message} onRetry={() => void results.refetch()} />;
  if (results.isPending) return <LoadingState />;
  if (results.data.items.length === 0) {
    return (
      <p className={styles.empty} data-testid={HelpTestId.noResults}>
        {t('help.noResults', { query: query.trim() })}
      </p>
    );
  }
  return (
    <ul className={styles.cards} data-testid={HelpTestId.results} aria-label={t('help.results')}>
      {results.data.items.map((hit: Hit) => (
        <li key={hit.slug}>
          <Link className={styles.card} to={articlePath(hit.slug)} data-testid={HelpTestId.result(hit.slug)}>
            <span className={styles.cardTitle} lang={hit.fallback ? 'en-US' : undefined}>
              {hit.title}
            </span>
            <span className={styles.cardText} lang={hit.fallback ? 'en-US' : undefined}>
              <Highlighted text={hit.snippet} highlights={hit.highlights} />
            </span>
            {hit.fallback ? <span className={styles.cardMeta}>{t('help.inEnglish')}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NewsScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const news = useNewsQuery(language);
  useDocumentTitle(t('help.newsTitle'));
  return (
    <div className={styles.screen} data-testid={HelpTestId.newsList}>
      <TopBar title={t('help.newsTitle')} backTo={HELP_CENTRE_PATH} />
      <main className={styles.main}>
        {news.isError ? (
          <ErrorState message={news.error.message} onRetry={() => void news.refetch()} />
        ) : news.isPending ? (
          <LoadingState />
        ) : news.data.pages[0]?.items.length === 0 ? (
          <p className={styles.empty}>{t('help.empty')}</p>
        ) : (
          <>
            <ArticleCards articles={news.data.pages.flatMap((page) => page.items)} dated />
            {news.hasNextPage ? (
              <Button
                variant="secondary"
                size="md"
                className={styles.more}
                disabled={news.isFetchingNextPage}
                onClick={() => void news.fetchNextPage()}
              >
                {t('help.loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
