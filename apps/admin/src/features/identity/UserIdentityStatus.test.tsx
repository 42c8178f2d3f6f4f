import type { AdminRole } from '@kestrel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../api/admin';
import { TOKEN_KEY } from '../../api/storage';
import { i18n, initI18n } from '../../i18n/i18n';
import { IdentityTestId } from './testIds';
import { fakeIdentityServer } from './testServer';
import { UserIdentityStatus } from './UserIdentityStatus';

/** Resolves once the signed-in admin (and so their role) is known to the page. */
async function renderStatus(role: AdminRole, latestSubmissionId: number | null) {
  fakeIdentityServer([], role);
  const client = new QueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <UserIdentityStatus status="submitted" latestSubmissionId={latestSubmissionId} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await waitFor(() => expect(client.getQueryData(keys.me)).toMatchObject({ role }));
}

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

describe("a user's identity status on their page", () => {
  it.each(['super_admin', 'reviewer'] as const)('links %s to the latest submission', async (role) => {
    await renderStatus(role, 41);
    const link = await screen.findByTestId(IdentityTestId.userLink);
    expect(link.getAttribute('href')).toBe('/identity/41');
    expect(screen.getByText('Under review')).toBeTruthy();
  });

  it('shows support the status without a link its role could not open', async () => {
    await renderStatus('support', 41);
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.queryByTestId(IdentityTestId.userLink)).toBeNull();
  });

  it('has nothing to link before the first submission', async () => {
    await renderStatus('reviewer', null);
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.queryByTestId(IdentityTestId.userLink)).toBeNull();
  });
});
