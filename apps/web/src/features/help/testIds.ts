/** Test ids of the help centre and the article screens, for component and browser tests. */
export const HelpTestId = {
  centre: 'help-centre',
  search: 'help-search',
  results: 'help-results',
  result: (slug: string) => `help-result-${slug}`,
  noResults: 'help-no-results',
  category: (slug: string) => `help-category-${slug}`,
  article: (slug: string) => `help-article-${slug}`,
  news: 'help-news',
  allNews: 'help-all-news',
  newsList: 'help-news-list',
  articlePage: 'article-page',
  articleTitle: 'article-title',
  articleDate: 'article-date',
  articleBody: 'article-body',
  fallbackNote: 'article-fallback',
  categoryPage: 'category-page',
} as const;
