import type { AdminReferral, AdminRole } from '@kestrel/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { type FakeRequest, fakeAdminApi, NOW } from '../../testing/fakeAdminApi';
import { noticesShown, renderPage, retype, type UI } from '../../testing/renderPage';
import { Referral } from './Referral';
import { ReferralTestId } from './testIds';

const REFERRAL: AdminReferral = {
  commissionRate: '0.2',
  batchMinutes: 60,
  credited: [
    { asset: 'USDT', amount: '15234.125000' },
    { asset: 'BTC', amount: '0.01250000' },
  ],
  lastBatchAt: '2026-11-27T09:00:00.000Z',
  lastBatchCount: 1842,
  updatedAt: null,
};

function renderReferral(role: AdminRole = 'super_admin') {
  let referral = structuredClone(REFERRAL);
  const sut = fakeAdminApi(role, {
    getAdminReferral: () => referral,
    updateReferralSettings: ({ body }: FakeRequest) => {
      const { commissionRate, batchMinutes } = body as { commissionRate: string; batchMinutes: number };
      referral = { ...referral, commissionRate, batchMinutes, updatedAt: NOW };
      return referral;
    },
  });
  const ui = renderPage(<Referral />);
  return { sut, ui };
}

const fact = (name: string) => screen.getByTestId(ReferralTestId.fact(name)).textContent;

async function openDialog(ui: UI) {
  await ui.click(await screen.findByTestId(ReferralTestId.edit));
  return screen.findByTestId(ReferralTestId.dialog);
}

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the referral settings', () => {
  it('shows the rate in percent and as stored, the batch interval, the last batch and what was credited', async () => {
    renderReferral();
    await screen.findByTestId(ReferralTestId.fact('commissionRate'));
    expect(fact('commissionRate')).toBe('20 % (0.2)');
    expect(fact('batchMinutes')).toBe('every 60 min');
    expect(fact('lastBatch')).toContain('1,842 fees credited');
    expect(fact('updatedAt')).toBe('Never changed');
    expect(screen.getByTestId(ReferralTestId.creditedAsset('USDT')).textContent).toBe('15,234.125 USDT');
    expect(screen.getByTestId(ReferralTestId.creditedAsset('BTC')).textContent).toBe('0.0125 BTC');
  });

  it('saves a new rate and interval with the reason', async () => {
    const { sut, ui } = renderReferral();
    const dialog = await openDialog(ui);
    await retype(ui, within(dialog).getByTestId(ReferralTestId.field('commissionRate')), '0.25');
    expect(within(dialog).getByTestId(ReferralTestId.reading).textContent).toBe('25 % of each fee');
    await retype(ui, within(dialog).getByTestId(ReferralTestId.field('batchMinutes')), '30');
    await ui.type(within(dialog).getByTestId('reason'), 'Year-end campaign');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId(ReferralTestId.dialog)).toBeNull());
    const [call] = sut.callsOf('updateReferralSettings');
    expect(call?.violation).toBeNull();
    expect(call?.body).toEqual({ commissionRate: '0.25', batchMinutes: 30, reason: 'Year-end campaign' });
    expect(noticesShown()).toContain('Referral settings updated');
    await waitFor(() => expect(fact('commissionRate')).toBe('25 % (0.25)'));
    expect(fact('batchMinutes')).toBe('every 30 min');
  });

  it('refuses a rate typed as a percentage and an interval beyond a day before asking the server', async () => {
    const { sut, ui } = renderReferral();
    const dialog = await openDialog(ui);
    await retype(ui, within(dialog).getByTestId(ReferralTestId.field('commissionRate')), '20');
    await ui.type(within(dialog).getByTestId('reason'), 'Typo');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    expect((await within(dialog).findByTestId(ReferralTestId.formError)).textContent).toBe(
      'Please check “Commission rate”',
    );
    await retype(ui, within(dialog).getByTestId(ReferralTestId.field('commissionRate')), '0.2');
    await retype(ui, within(dialog).getByTestId(ReferralTestId.field('batchMinutes')), '1441');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    expect((await within(dialog).findByTestId(ReferralTestId.formError)).textContent).toBe(
      'Please check “Batch interval”',
    );
    expect(sut.callsOf('updateReferralSettings')).toEqual([]);
  });
});

describe('who sees what on the referral page', () => {
  it.each(['reviewer', 'support'] as const)(
    'shows %s the settings but no way to change them',
    async (role) => {
      const { sut } = renderReferral(role);
      await screen.findByTestId(ReferralTestId.fact('commissionRate'));
      expect(screen.queryByTestId(ReferralTestId.edit)).toBeNull();
      expect(sut.calls.every((call) => call.violation === null)).toBe(true);
    },
  );

  it('shows content editors nothing and asks the server for nothing of referral', async () => {
    const { sut } = renderReferral('content');
    await waitFor(() => expect(sut.callsOf('getAdminMe')).toHaveLength(1));
    await screen.findByText('Referral commissions');
    expect(screen.queryByTestId(ReferralTestId.settings)).toBeNull();
    expect(sut.callsOf('getAdminReferral')).toEqual([]);
  });
});
