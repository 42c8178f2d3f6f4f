import type { IdentityStatus, PublicUser } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { hasScreen } from '../../app/routes';
import { i18n, initI18n } from '../../i18n/i18n';
import { saveSignIn } from '../../session/storage';
import { TestId } from '../../testIds';
import { MineScreen } from './MineScreen';
import { MINE_ENTRIES, shownEntries } from './mineEntries';

const user: PublicUser = {
  id: 10001,
  email: 'ann@example.com',
  phone: null,
  nickname: 'Ann',
  avatarUrl: null,
  inviteCode: 'ABC123',
  creditScore: 100,
  hasSecurityPassword: false,
  demo: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
}

function renderMine(identityStatus: IdentityStatus) {
  saveSignIn('tok-1', user);
  vi.spyOn(window, 'fetch').mockImplementation(async (input) =>
    String(input).endsWith('/api/user/info')
      ? envelope({ ...user, identityStatus })
      : envelope({ unread: 0 }),
  );
  const router = createMemoryRouter([{ path: '/user/index', element: <MineScreen /> }], {
    initialEntries: ['/user/index'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the identity row of the Mine screen', () => {
  it.each([
    ['uncertified', 'Uncertified'],
    ['submitted', 'Under certification'],
    ['verified', 'Verified'],
    ['failed', 'Verification failed'],
  ] as const)(
    'says %s in the words of the spec and leads to the verification screen',
    async (status, text) => {
      renderMine(status);
      await waitFor(() => expect(screen.getByTestId(TestId.mineIdentityStatus).textContent).toBe(text));
      expect(screen.getByTestId(TestId.mineIdentity).getAttribute('href')).toBe('/user/identification');
    },
  );
});

describe('the list of the Mine screen', () => {
  it('leads to the money screens, the account screens and the settings, each to a screen that exists', async () => {
    renderMine('verified');
    await waitFor(() => expect(screen.getByTestId(TestId.mineIdentityStatus).textContent).toBe('Verified'));
    const rows = [
      [TestId.mineDeposit, '/user/wallet/recharge'],
      [TestId.mineWithdraw, '/user/wallet/withdraw'],
      [TestId.mineTransfer, '/user/wallet/transfer'],
      [TestId.mineRecords, '/user/wallet/AccountRecord'],
      [TestId.mineEarn, '/home/financial/package'],
      [TestId.mineEarnOrders, '/home/financial/order'],
      [TestId.mineShare, '/home/share'],
      [TestId.minePersonalInfo, '/user/setUserInfo'],
      [TestId.mineSecurity, '/user/editSafePassword'],
      [TestId.mineMessages, '/home/notification'],
      [TestId.mineSettings, '/user/setting'],
    ] as const;
    for (const [testId, path] of rows) expect(screen.getByTestId(testId).getAttribute('href')).toBe(path);
    for (const link of screen.getAllByRole('link')) {
      const path = new URL(link.getAttribute('href') ?? '', 'http://localhost').pathname;
      expect(hasScreen(path), path).toBe(true);
    }
  });

  it('leaves out an entry until its screen exists', () => {
    // A path no screen has (the help centre, this test's first example, has one now).
    const later = { ...MINE_ENTRIES[0], path: '/user/notYet', testId: 'later' } as (typeof MINE_ENTRIES)[0];
    expect(shownEntries([...MINE_ENTRIES, later]).map((entry) => entry.path)).not.toContain('/user/notYet');
    expect(shownEntries([...MINE_ENTRIES, later], () => true)).toContain(later);
  });
});
