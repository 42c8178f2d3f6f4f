import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/storage';
import { i18n, initI18n } from '../../i18n/i18n';
import { ReviewKindQueuePage } from '../review/ReviewQueuePage';
import { ReviewTestId } from '../review/testIds';
import { identityReview } from './identityReview';
import { fakeIdentityServer, submission } from './testServer';

function renderQueue(path = '/identity') {
  const router = createMemoryRouter(
    [
      { path: '/identity', element: <ReviewKindQueuePage kind={identityReview} /> },
      { path: '/identity/:id', element: <p>detail</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

const rows = () => within(screen.getByTestId(ReviewTestId.queueTable)).getAllByRole('row').slice(1);

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'adm_token');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the identity queue', () => {
  it('lists the pending submissions with the nation named in the console language', async () => {
    fakeIdentityServer([
      submission(),
      submission({ id: 42, realName: 'Jonas Weber', nation: 'FR', documentType: 'passport' }),
      submission({ id: 40, status: 'approved', realName: 'Ana Lima' }),
    ]);
    renderQueue();
    await screen.findByText('Jonas Weber');
    expect(rows()).toHaveLength(2);
    const first = rows()[0] as HTMLElement;
    expect(first.textContent).toContain('mira.okafor@example.com');
    expect(first.textContent).toContain('Germany');
    expect(first.textContent).toContain('ID card');
    expect(rows()[1]?.textContent).toContain('Passport');
    expect(screen.getByTestId(ReviewTestId.statusTab('pending')).getAttribute('aria-selected')).toBe('true');
  });

  it('switches status through the address and asks the server for that status', async () => {
    const server = fakeIdentityServer([
      submission(),
      submission({ id: 40, status: 'rejected', realName: 'Ana Lima' }),
    ]);
    const router = renderQueue();
    await screen.findByText('Mira Okafor');

    await userEvent.click(screen.getByTestId(ReviewTestId.statusTab('rejected')));
    await screen.findByText('Ana Lima');
    expect(router.state.location.search).toBe('?status=rejected');
    expect(rows()).toHaveLength(1);
    expect(screen.getByTestId(ReviewTestId.statusTab('rejected')).getAttribute('aria-selected')).toBe('true');
    expect(server.calls.map((call) => call.url)).toContain(
      '/api/admin/identity?status=rejected&page=1&pageSize=20',
    );
    // Decided items show when they were reviewed.
    expect(screen.getByRole('columnheader', { name: 'Reviewed' })).toBeTruthy();
  });

  it('opens the status named in the address, and an item on a row click', async () => {
    fakeIdentityServer([submission({ id: 40, status: 'approved', realName: 'Ana Lima' })]);
    const router = renderQueue('/identity?status=approved');
    await userEvent.click(await screen.findByText('Ana Lima'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/identity/40'));
  });

  it('sends the search text and keeps the status', async () => {
    const server = fakeIdentityServer([submission()]);
    const router = renderQueue('/identity?status=approved');
    await screen.findByText('Nothing found');
    await userEvent.type(screen.getByTestId('search'), 'okafor');
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved&q=okafor'));
    await waitFor(() =>
      expect(server.calls.map((call) => call.url)).toContain(
        '/api/admin/identity?status=approved&q=okafor&page=1&pageSize=20',
      ),
    );
  });
});
