import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/storage';
import { ShownNotices } from '../../app/ShownNotices';
import { i18n, initI18n } from '../../i18n/i18n';
import { ReviewDetailPage } from '../review/ReviewDetailPage';
import { ReviewTestId } from '../review/testIds';
import { identityReview } from './identityReview';
import { IdentityTestId } from './testIds';
import { fakeIdentityServer, submission } from './testServer';

function renderDetail(id: number, queueSearch?: string) {
  const router = createMemoryRouter(
    [
      { path: '/identity', element: <p>queue</p> },
      { path: '/identity/:id', element: <ReviewDetailPage kind={identityReview} /> },
      { path: '/users/:id', element: <p>user</p> },
    ],
    { initialEntries: [{ pathname: `/identity/${id}`, state: queueSearch ? { queueSearch } : null }] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
        <ShownNotices />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router, view };
}

const decisions = (server: ReturnType<typeof fakeIdentityServer>) =>
  server.calls.filter((call) => call.method === 'POST');

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'adm_token');
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:console/${++next}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('an identity submission', () => {
  it('shows what the user typed in full, with the nation named in the console language', async () => {
    fakeIdentityServer([submission()]);
    renderDetail(41);
    expect((await screen.findByTestId(IdentityTestId.documentNumber)).textContent).toBe('L01X00T47');
    expect(screen.getByTestId(IdentityTestId.realName).textContent).toBe('Mira Okafor');
    expect(screen.getByTestId(IdentityTestId.nation).textContent).toBe('Germany');
    expect(screen.getByTestId(IdentityTestId.address).textContent).toBe('Hauptstraße 5, 10115 Berlin');
    expect(screen.getByTestId(IdentityTestId.documentType).textContent).toBe('ID card');
  });

  it('fetches the images with the admin token and shows them through blob URLs, revoked on leaving', async () => {
    const server = fakeIdentityServer([submission()]);
    const { view } = renderDetail(41);
    const front = await screen.findByTestId(ReviewTestId.image('front'));
    await waitFor(() => expect(front.dataset.state).toBe('shown'));
    const back = screen.getByTestId(ReviewTestId.image('back'));
    await waitFor(() => expect(back.dataset.state).toBe('shown'));
    expect(within(front).getByRole('img').getAttribute('src')).toMatch(/^blob:console\//);
    expect(within(back).getByRole('img', { name: 'Back' })).toBeTruthy();
    const imageCalls = server.calls.filter((call) => call.url.startsWith('/api/admin/uploads/'));
    expect(imageCalls.map((call) => call.url).sort()).toEqual([
      '/api/admin/uploads/back-41',
      '/api/admin/uploads/front-41',
    ]);
    expect(imageCalls.every((call) => call.headers.Authorization === 'adm_token')).toBe(true);

    view.unmount();
    expect(
      vi
        .mocked(URL.revokeObjectURL)
        .mock.calls.map(([url]) => url)
        .sort(),
    ).toEqual(
      vi
        .mocked(URL.createObjectURL)
        .mock.results.map((result) => result.value)
        .sort(),
    );
  });

  it('shows a passport as its photo page alone', async () => {
    fakeIdentityServer([submission({ documentType: 'passport', backUrl: null })]);
    renderDetail(41);
    const front = await screen.findByTestId(ReviewTestId.image('front'));
    expect(front.textContent).toContain('Photo page');
    expect(screen.queryByTestId(ReviewTestId.image('back'))).toBeNull();
  });

  it('says so when an image cannot be loaded', async () => {
    fakeIdentityServer([submission({ backUrl: '/api/admin/uploads/missing' })]);
    renderDetail(41);
    expect((await screen.findByTestId(ReviewTestId.imageError)).textContent).toContain(
      'The image could not be loaded',
    );
    expect(screen.getByTestId(ReviewTestId.image('back')).dataset.state).toBe('failed');
  });

  it('opens an image full size in a dialog', async () => {
    fakeIdentityServer([submission()]);
    renderDetail(41);
    const front = await screen.findByTestId(ReviewTestId.image('front'));
    await waitFor(() => expect(front.dataset.state).toBe('shown'));
    await userEvent.click(within(front).getByRole('button'));
    const viewer = await screen.findByTestId(ReviewTestId.imageDialog);
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe(
      within(front).getByRole('img').getAttribute('src'),
    );
  });

  it('refuses to reject without a reason, then sends the reason and shows the outcome', async () => {
    const server = fakeIdentityServer([submission()]);
    renderDetail(41);
    await userEvent.click(await screen.findByTestId(ReviewTestId.reject));
    const dialog = await screen.findByTestId(ReviewTestId.rejectDialog);

    await userEvent.type(within(dialog).getByTestId(ReviewTestId.reason), '   ');
    await userEvent.click(within(dialog).getByTestId(ReviewTestId.confirm));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please give a reason');
    expect(decisions(server)).toEqual([]);

    await userEvent.type(within(dialog).getByTestId(ReviewTestId.reason), 'The photo of the back is blurred');
    await userEvent.click(within(dialog).getByTestId(ReviewTestId.confirm));
    await waitFor(() => expect(decisions(server)).toHaveLength(1));
    expect(decisions(server)[0]).toMatchObject({
      url: '/api/admin/identity/41/reject',
      body: { reason: 'The photo of the back is blurred' },
    });

    await waitFor(() => expect(screen.getByTestId(ReviewTestId.status).textContent).toBe('Rejected'));
    expect(screen.getByTestId(ReviewTestId.rejectionReason).textContent).toBe(
      'The photo of the back is blurred',
    );
    expect(screen.queryByTestId(ReviewTestId.approve)).toBeNull();
    expect(screen.queryByTestId(ReviewTestId.reject)).toBeNull();
    expect(screen.getAllByTestId('notice').at(-1)?.textContent).toContain('Submission rejected');
  });

  it('approves with an optional note', async () => {
    const server = fakeIdentityServer([submission()]);
    renderDetail(41);
    await userEvent.click(await screen.findByTestId(ReviewTestId.approve));
    const dialog = await screen.findByTestId(ReviewTestId.approveDialog);
    await userEvent.type(within(dialog).getByTestId(ReviewTestId.note), 'Checked against the register');
    await userEvent.click(within(dialog).getByTestId(ReviewTestId.confirm));
    await waitFor(() => expect(decisions(server)).toHaveLength(1));
    expect(decisions(server)[0]).toMatchObject({
      url: '/api/admin/identity/41/approve',
      body: { note: 'Checked against the register' },
    });
    await waitFor(() => expect(screen.getByTestId(ReviewTestId.status).textContent).toBe('Approved'));
    expect(screen.queryByTestId(ReviewTestId.approve)).toBeNull();
  });

  it('approves without a note by sending none', async () => {
    const server = fakeIdentityServer([submission()]);
    renderDetail(41);
    await userEvent.click(await screen.findByTestId(ReviewTestId.approve));
    await userEvent.click(
      within(await screen.findByTestId(ReviewTestId.approveDialog)).getByTestId(ReviewTestId.confirm),
    );
    await waitFor(() => expect(decisions(server)).toHaveLength(1));
    expect(decisions(server)[0]?.body).toEqual({});
  });

  it('offers no decision on an item already decided, and lists the earlier submissions', async () => {
    fakeIdentityServer([
      submission({
        status: 'approved',
        reviewedAt: '2026-03-03T10:00:00.000Z',
        reviewer: { id: 3, email: 'lead.reviewer@kestrel.example' },
        history: [
          {
            ...submission({ id: 30, status: 'rejected', reviewedAt: '2026-02-01T10:00:00.000Z' }),
            rejectionReason: 'Name does not match the document',
          },
        ],
      }),
    ]);
    renderDetail(41);
    await waitFor(() => expect(screen.getByTestId(ReviewTestId.status).textContent).toBe('Approved'));
    expect(screen.queryByTestId(ReviewTestId.approve)).toBeNull();
    expect(screen.queryByTestId(ReviewTestId.reject)).toBeNull();
    expect(screen.getByText('lead.reviewer@kestrel.example')).toBeTruthy();
    const history = screen.getByTestId(ReviewTestId.history);
    expect(history.textContent).toContain('Name does not match the document');
  });

  it('goes back to the queue list it was opened from', async () => {
    fakeIdentityServer([submission()]);
    const { router } = renderDetail(41, '?status=pending&q=okafor');
    await userEvent.click(await screen.findByRole('button', { name: 'Back to the queue' }));
    expect(router.state.location.pathname).toBe('/identity');
    expect(router.state.location.search).toBe('?status=pending&q=okafor');
  });

  it('shows the outcome of another reviewer who decided first', async () => {
    const server = fakeIdentityServer([submission()]);
    renderDetail(41);
    await userEvent.click(await screen.findByTestId(ReviewTestId.approve));
    // Meanwhile someone else rejects it.
    const item = server.items.get(41);
    if (item) Object.assign(item, { status: 'rejected', rejectionReason: 'Expired document' });
    await userEvent.click(
      within(await screen.findByTestId(ReviewTestId.approveDialog)).getByTestId(ReviewTestId.confirm),
    );
    await waitFor(() => expect(screen.getByTestId(ReviewTestId.status).textContent).toBe('Rejected'));
    expect(screen.getAllByTestId('notice').at(-1)?.textContent).toContain(
      'This item has already been reviewed',
    );
    expect(screen.queryByTestId(ReviewTestId.approve)).toBeNull();
  });
});
