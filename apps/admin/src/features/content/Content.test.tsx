import type { AdminArticle } from '@kestrel/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { type FakeRequest, fakeAdminApi, NOW } from '../../testing/fakeAdminApi';
import { noticesShown, renderPage } from '../../testing/renderPage';
import { ArticleEditor } from './ArticleEditor';
import { Content } from './Content';
import { ContentTestId } from './testIds';

const CATEGORY = {
  id: '1',
  slug: 'funds',
  names: { 'en-US': 'Funds', de: 'Guthaben' },
  position: 1,
  articles: 1,
};

function article(overrides: Partial<AdminArticle> = {}): AdminArticle {
  return {
    id: '7',
    slug: 'how-to-deposit',
    kind: 'help',
    categoryId: '1',
    position: 1,
    fixed: false,
    translations: [
      {
        locale: 'en-US',
        title: 'How to deposit',
        body: 'Copy the address.',
        status: 'published',
        publishedAt: NOW,
        updatedAt: NOW,
      },
    ],
    updatedAt: NOW,
    ...overrides,
  };
}

function fake(shown: AdminArticle) {
  let current = structuredClone(shown);
  const rowOf = (each: AdminArticle) => {
    const { translations, ...rest } = each;
    return {
      ...rest,
      title: translations.find((one) => one.locale === 'en-US')?.title ?? each.slug,
      locales: Object.fromEntries(translations.map((one) => [one.locale, one.status])),
    };
  };
  return fakeAdminApi('content', {
    listContentCategories: () => ({ items: [CATEGORY] }),
    listContentArticles: () => ({
      items: [
        rowOf(current),
        rowOf(article({ id: '1', slug: 'about-us', kind: 'page', categoryId: null, fixed: true })),
      ],
      total: 2,
    }),
    getContentArticle: () => current,
    saveArticleTranslation: ({ params, body }: FakeRequest) => {
      const {
        title,
        body: text,
        status,
      } = body as { title: string; body: string; status: 'draft' | 'published' };
      current = {
        ...current,
        translations: [
          ...current.translations.filter((one) => one.locale !== params.locale),
          {
            locale: params.locale as 'de',
            title,
            body: text,
            status,
            publishedAt: status === 'published' ? NOW : null,
            updatedAt: NOW,
          },
        ],
      };
      return current;
    },
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/content', element: <Content /> },
      { path: '/content/articles/:id', element: <ArticleEditor /> },
    ],
    { initialEntries: [path] },
  );
  return renderPage(<RouterProvider router={router} />);
}

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the help-centre desk', () => {
  it("lists articles with each language's status, and offers no deletion of a fixed page", async () => {
    fake(
      article({
        translations: [
          ...article().translations,
          {
            locale: 'de',
            title: 'Einzahlen',
            body: 'Text',
            status: 'draft',
            publishedAt: null,
            updatedAt: NOW,
          },
        ],
      }),
    );
    renderAt('/content');
    const row = await screen.findByTestId(ContentTestId.articleRow('how-to-deposit'));
    const line = row.closest('tr');
    expect(line?.textContent).toContain('en-US');
    expect(line?.textContent).toContain('de · Draft');
    expect(line?.textContent).toContain('Funds');
    expect(screen.getByTestId(ContentTestId.deleteArticle('7'))).toBeTruthy();
    expect(screen.queryByTestId(ContentTestId.deleteArticle('1'))).toBeNull();
  });

  it('previews the Markdown as it is typed, without its scripts, and publishes one language', async () => {
    const sut = fake(article());
    const ui = renderAt('/content/articles/7');
    await ui.click(await screen.findByTestId(ContentTestId.locale('de')));
    expect(screen.getByTestId(ContentTestId.status).textContent).toBe('Not written yet');
    await ui.type(screen.getByTestId(ContentTestId.title), 'Einzahlen');
    await ui.type(
      screen.getByTestId(ContentTestId.body),
      '**Adresse** kopieren <img src=x onerror=alert(1)>',
    );
    const preview = screen.getByTestId(ContentTestId.preview);
    expect(preview.querySelector('strong')?.textContent).toBe('Adresse');
    expect(preview.querySelector('img')).toBeNull();
    await ui.click(screen.getByTestId(ContentTestId.publish));
    await waitFor(() => expect(noticesShown()).toContain('Published: readers see it now'));
    const [call] = sut.callsOf('saveArticleTranslation');
    expect(call?.params).toEqual({ id: '7', locale: 'de' });
    expect(call?.body).toMatchObject({ title: 'Einzahlen', status: 'published' });
    expect(call?.violation).toBeNull();
    await waitFor(() => expect(screen.getByTestId(ContentTestId.status).textContent).toBe('Published'));
  });
});
