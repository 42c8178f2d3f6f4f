import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render';
import { CategoryPage } from './CategoryPage';
import { HelpCentreScreen } from './HelpCentreScreen';
import { TextDetailScreen } from './TextDetailScreen';
import { HelpTestId } from './testIds';

/* The article and help-centre screens against a fake server whose answers the client checks against the contract. */

const PUBLISHED = '2026-11-20T10:00:00.000Z';

function article(overrides: Record<string, unknown> = {}) {
  return {
    slug: 'how-to-deposit',
    kind: 'help',
    category: { slug: 'funds', name: 'Funds' },
    title: 'How to deposit',
    body: 'Copy the **address**.\n\n<script>alert(1)</script>\n\n[Open](javascript:alert(2)) [Withdraw](/user/wallet/withdraw)',
    locale: 'en-US',
    fallback: false,
    publishedAt: PUBLISHED,
    updatedAt: PUBLISHED,
    ...overrides,
  };
}

let answers: Record<string, unknown>;
let asked: URL[];

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'Success', data }), { status: 200 });

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  asked = [];
  answers = {};
  vi.spyOn(window, 'fetch').mockImplementation((request) => {
    const url = new URL(String(request), 'http://localhost');
    asked.push(url);
    const data = answers[url.pathname];
    return Promise.resolve(
      data === undefined
        ? new Response(JSON.stringify({ code: 8001, msg: 'This article does not exist', data: null }), {
            status: 404,
          })
        : envelope(typeof data === 'function' ? data(url) : data),
    );
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TextDetailScreen', () => {
  it('shows the title, the date and the sanitised body, without a fallback note in the reader’s language', async () => {
    answers['/api/content/articles/how-to-deposit'] = article();
    renderRoutes(
      [{ path: '/user/textDetail', element: <TextDetailScreen /> }],
      '/user/textDetail?slug=how-to-deposit',
    );
    await waitFor(() =>
      expect(screen.getByTestId(HelpTestId.articleTitle).textContent).toBe('How to deposit'),
    );
    expect(screen.getByTestId(HelpTestId.articleDate).textContent).toContain('2026');
    const body = screen.getByTestId(HelpTestId.articleBody);
    expect(body.querySelector('strong')?.textContent).toBe('address');
    expect(body.querySelector('script')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/user/wallet/withdraw');
    expect(screen.queryByTestId(HelpTestId.fallbackNote)).toBeNull();
  });

  it('notes that the text is in English when the reader’s language has no translation', async () => {
    answers['/api/content/articles/how-to-deposit'] = article({ fallback: true });
    renderRoutes(
      [{ path: '/user/textDetail', element: <TextDetailScreen /> }],
      '/user/textDetail?slug=how-to-deposit',
    );
    await waitFor(() => expect(screen.getByTestId(HelpTestId.fallbackNote)).toBeTruthy());
  });

  it('says so when the article does not exist', async () => {
    renderRoutes(
      [{ path: '/user/textDetail', element: <TextDetailScreen /> }],
      '/user/textDetail?slug=missing',
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('This article does not exist'),
    );
  });
});

describe('HelpCentreScreen', () => {
  it('lists categories and news, and searches with marked matches', async () => {
    answers['/api/content/help'] = {
      categories: [
        {
          slug: 'funds',
          name: 'Funds',
          articles: [
            {
              slug: 'how-to-deposit',
              kind: 'help',
              title: 'How to deposit',
              excerpt: 'Copy',
              publishedAt: PUBLISHED,
            },
          ],
        },
      ],
      news: [
        { slug: 'launch', kind: 'news', title: 'We launched', excerpt: 'Hello', publishedAt: PUBLISHED },
      ],
    };
    answers['/api/content/search'] = (url: URL) => ({
      total: 1,
      items: [
        {
          slug: 'how-to-deposit',
          kind: 'help',
          title: 'How to deposit',
          excerpt: 'Copy the address',
          publishedAt: PUBLISHED,
          snippet: `Copy the ${url.searchParams.get('q')} here`,
          highlights: [[9, 9 + (url.searchParams.get('q') ?? '').length]],
          fallback: false,
        },
      ],
    });
    renderRoutes([{ path: '/user/helpCenter', element: <HelpCentreScreen /> }], '/user/helpCenter');
    await waitFor(() =>
      expect(screen.getByTestId(HelpTestId.category('funds')).textContent).toContain('Funds'),
    );
    expect(screen.getByTestId(HelpTestId.article('how-to-deposit')).getAttribute('href')).toBe(
      '/user/textDetail?slug=how-to-deposit',
    );
    expect(screen.getByTestId(HelpTestId.news).textContent).toContain('We launched');

    await userEvent.type(screen.getByRole('searchbox'), 'address');
    await waitFor(() => expect(screen.getByTestId(HelpTestId.result('how-to-deposit'))).toBeTruthy());
    const marked = screen.getByTestId(HelpTestId.result('how-to-deposit')).querySelector('mark');
    expect(marked?.textContent).toBe('address');
    expect(
      asked.some((url) => url.pathname === '/api/content/search' && url.searchParams.get('q') === 'address'),
    ).toBe(true);
  });
});

describe('CategoryPage', () => {
  it("lists one category's articles under its name", async () => {
    answers['/api/content/categories/funds'] = {
      slug: 'funds',
      name: 'Funds',
      articles: [
        {
          slug: 'how-to-deposit',
          kind: 'help',
          title: 'How to deposit',
          excerpt: 'Copy',
          publishedAt: PUBLISHED,
        },
      ],
    };
    renderRoutes([{ path: '/menu/funds', element: <CategoryPage slug="funds" /> }], '/menu/funds');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Funds' })).toBeTruthy());
    expect(screen.getByTestId(HelpTestId.article('how-to-deposit')).textContent).toContain('How to deposit');
  });
});
