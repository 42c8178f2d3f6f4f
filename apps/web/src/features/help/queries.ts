import { routes } from '@kestrel/contract/routes';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';

/**
 * Every help-centre read shares this prefix, and carries the reader's language: the server answers in it (the
 * think-lang header), so another language is another answer.
 */
export const helpKeys = {
  all: ['help'] as const,
  centre: (language: string) => [...helpKeys.all, 'centre', language] as const,
  category: (slug: string, language: string) => [...helpKeys.all, 'category', slug, language] as const,
  article: (slug: string, language: string) => [...helpKeys.all, 'article', slug, language] as const,
  news: (language: string) => [...helpKeys.all, 'news', language] as const,
  search: (query: string, language: string) => [...helpKeys.all, 'search', query, language] as const,
};

/** Articles change when an operator publishes, which is rare; a minute keeps moving between screens instant. */
export const HELP_STALE_MS = 60_000;
export const NEWS_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE = 20;

export function useHelpCentreQuery(language: string) {
  return useQuery({
    queryKey: helpKeys.centre(language),
    queryFn: () => api.call(routes.getHelpCentre, {}, { quiet: true }),
    staleTime: HELP_STALE_MS,
  });
}

export function useHelpCategoryQuery(slug: string, language: string) {
  return useQuery({
    queryKey: helpKeys.category(slug, language),
    queryFn: () => api.call(routes.getHelpCategory, { params: { slug } }, { quiet: true }),
    staleTime: HELP_STALE_MS,
    retry: false,
  });
}

export function useArticleQuery(slug: string, language: string) {
  return useQuery({
    queryKey: helpKeys.article(slug, language),
    queryFn: () => api.call(routes.getArticle, { params: { slug } }, { quiet: true }),
    staleTime: HELP_STALE_MS,
    retry: false,
  });
}

/** Platform news, newest first, a page at a time. */
export function useNewsQuery(language: string) {
  return useInfiniteQuery({
    queryKey: helpKeys.news(language),
    queryFn: ({ pageParam }) =>
      api.call(routes.listNews, { query: { page: pageParam, pageSize: NEWS_PAGE_SIZE } }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((shown, page) => shown + page.items.length, 0) < last.total ? pages.length + 1 : undefined,
    staleTime: HELP_STALE_MS,
  });
}

/** Search as the reader types; the last answer stays on screen while the next one comes. */
export function useContentSearchQuery(query: string, language: string) {
  const q = query.trim();
  return useQuery({
    queryKey: helpKeys.search(q, language),
    queryFn: () =>
      api.call(routes.searchContent, { query: { q, page: 1, pageSize: SEARCH_PAGE_SIZE } }, { quiet: true }),
    enabled: q.length > 0,
    staleTime: HELP_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
