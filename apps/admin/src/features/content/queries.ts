import { type ArticleKind, routes } from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

export const contentKeys = {
  all: ['content'] as const,
  categories: () => [...contentKeys.all, 'categories'] as const,
  articles: (filter: ArticleFilter) => [...contentKeys.all, 'articles', filter] as const,
  article: (id: string) => [...contentKeys.all, 'article', id] as const,
};

export type ArticleFilter = { kind?: ArticleKind; categoryId?: string; page: number };
export const ARTICLES_PAGE_SIZE = 20;

export function useContentCategories() {
  return useQuery({
    queryKey: contentKeys.categories(),
    queryFn: async () => (await client.call(routes.listContentCategories)).items,
  });
}

export function useContentArticles(filter: ArticleFilter) {
  return useQuery({
    queryKey: contentKeys.articles(filter),
    queryFn: () =>
      client.call(routes.listContentArticles, {
        query: { ...filter, pageSize: ARTICLES_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useContentArticle(id: string) {
  return useQuery({
    queryKey: contentKeys.article(id),
    queryFn: () => client.call(routes.getContentArticle, { params: { id } }),
  });
}

/** Every change reads the lists again: counts and statuses shown beside them change with it. */
function useContentMutation<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export type CategoryBody = { slug: string; names: Partial<Record<Locale, string>>; position: number };
export type ArticleBody = { slug: string; kind: ArticleKind; categoryId: string | null; position: number };
export type TranslationBody = { title: string; body: string; status: 'draft' | 'published' };

export function useSaveCategory() {
  return useContentMutation(({ id, body }: { id?: string; body: CategoryBody }) =>
    id
      ? client.call(routes.updateContentCategory, { params: { id }, body })
      : client.call(routes.createContentCategory, { body }),
  );
}

export function useSaveArticle() {
  return useContentMutation(({ id, body }: { id?: string; body: ArticleBody }) =>
    id
      ? client.call(routes.updateContentArticle, { params: { id }, body })
      : client.call(routes.createContentArticle, { body }),
  );
}

export function useDeleteArticle() {
  return useContentMutation((id: string) => client.call(routes.deleteContentArticle, { params: { id } }));
}

export function useSaveTranslation() {
  return useContentMutation(({ id, locale, body }: { id: string; locale: Locale; body: TranslationBody }) =>
    client.call(routes.saveArticleTranslation, { params: { id, locale }, body }),
  );
}

export function useDeleteTranslation() {
  return useContentMutation(({ id, locale }: { id: string; locale: Locale }) =>
    client.call(routes.deleteArticleTranslation, { params: { id, locale } }),
  );
}
