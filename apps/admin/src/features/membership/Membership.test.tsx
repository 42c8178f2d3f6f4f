import type { AdminMembership, AdminRole } from '@kestrel/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, switchLanguage } from '../../i18n/i18n';
import { type FakeRequest, fakeAdminApi, NOW } from '../../testing/fakeAdminApi';
import { noticesShown, renderPage, retype, type UI } from '../../testing/renderPage';
import { Membership } from './Membership';
import { MembershipTestId } from './testIds';

const MEMBERSHIP: AdminMembership = {
  levels: [
    { level: 0, minVolume: '0', minHoldings: '0', makerDiscount: '0', takerDiscount: '0' },
    { level: 1, minVolume: '1000000', minHoldings: '100000', makerDiscount: '0.1', takerDiscount: '0.05' },
    { level: 2, minVolume: '5000000', minHoldings: '500000', makerDiscount: '0.2', takerDiscount: '0.125' },
  ],
  graceDays: 7,
  members: [
    { level: 0, count: 48211 },
    { level: 1, count: 312 },
    { level: 2, count: 18 },
  ],
  lastSnapshotAt: '2026-11-27T00:10:00.000Z',
  updatedAt: '2026-10-01T12:00:00.000Z',
};

function renderMembership(role: AdminRole = 'super_admin') {
  let membership = structuredClone(MEMBERSHIP);
  const sut = fakeAdminApi(role, {
    getAdminMembership: () => membership,
    updateMembership: ({ body }: FakeRequest) => {
      const { levels, graceDays } = body as { levels: AdminMembership['levels']; graceDays: number };
      membership = {
        ...membership,
        levels: levels.map((level, index) => ({ ...level, level: index })),
        graceDays,
        updatedAt: NOW,
      };
      return membership;
    },
  });
  const ui = renderPage(<Membership />);
  return { sut, ui };
}

const cellText = (level: number, name: string) =>
  screen.getByTestId(MembershipTestId.cell(level, name)).textContent;

async function openDialog(ui: UI) {
  await ui.click(await screen.findByTestId(MembershipTestId.edit));
  return screen.findByTestId(MembershipTestId.dialog);
}

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the membership levels', () => {
  it('shows each level with what it needs, its discounts as stored and in percent, and its members', async () => {
    renderMembership();
    await screen.findByTestId(MembershipTestId.level(2));
    expect(screen.getByTestId(MembershipTestId.level(1)).textContent).toBe('VIP 1');
    expect(cellText(1, 'minVolume')).toBe('$1,000,000.00');
    expect(cellText(1, 'minHoldings')).toBe('$100,000.00');
    expect(cellText(1, 'makerDiscount')).toBe('10 % off (0.1)');
    expect(cellText(2, 'takerDiscount')).toBe('12.5 % off (0.125)');
    expect(cellText(0, 'members')).toBe('48,211');
    expect(cellText(2, 'members')).toBe('18');
    expect(screen.getByTestId(MembershipTestId.fact('graceDays')).textContent).toBe('7 days');
    expect(screen.getByTestId(MembershipTestId.fact('lastSnapshot')).textContent).toContain('Nov 27, 2026');
  });

  it('adds a level, removes one and sends the whole table with the grace period and the reason', async () => {
    const { sut, ui } = renderMembership();
    const dialog = await openDialog(ui);
    // Rows are numbered from level 0.
    expect(within(dialog).getByLabelText('Maker discount 0')).toBeTruthy();
    await ui.click(within(dialog).getByTestId(MembershipTestId.addRow));
    await retype(ui, within(dialog).getByTestId(MembershipTestId.row(3, 'minVolume')), '20000000');
    await retype(ui, within(dialog).getByTestId(MembershipTestId.row(3, 'minHoldings')), '2000000');
    await retype(ui, within(dialog).getByTestId(MembershipTestId.row(3, 'makerDiscount')), '0.3');
    await retype(ui, within(dialog).getByTestId(MembershipTestId.row(3, 'takerDiscount')), '0.25');
    expect(within(dialog).getByTestId(MembershipTestId.row(3, 'takerDiscount-reading')).textContent).toBe(
      '25 % off',
    );
    await ui.click(within(dialog).getByTestId(MembershipTestId.removeRow(2)));
    await retype(ui, within(dialog).getByTestId(MembershipTestId.graceDays), '14');
    await ui.type(within(dialog).getByTestId('reason'), 'New top tier, longer grace');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId(MembershipTestId.dialog)).toBeNull());
    const [call] = sut.callsOf('updateMembership');
    expect(call?.violation).toBeNull();
    expect(call?.body).toEqual({
      levels: [
        { minVolume: '0', minHoldings: '0', makerDiscount: '0', takerDiscount: '0' },
        { minVolume: '1000000', minHoldings: '100000', makerDiscount: '0.1', takerDiscount: '0.05' },
        { minVolume: '20000000', minHoldings: '2000000', makerDiscount: '0.3', takerDiscount: '0.25' },
      ],
      graceDays: 14,
      reason: 'New top tier, longer grace',
    });
    expect(noticesShown()).toContain('Levels updated');
    await waitFor(() => expect(cellText(2, 'makerDiscount')).toBe('30 % off (0.3)'));
    expect(screen.getByTestId(MembershipTestId.fact('graceDays')).textContent).toBe('14 days');
  });

  it('refuses a discount typed as a percentage, naming the level and the column, before asking the server', async () => {
    const { sut, ui } = renderMembership();
    const dialog = await openDialog(ui);
    await retype(ui, within(dialog).getByTestId(MembershipTestId.row(1, 'makerDiscount')), '10');
    expect(within(dialog).getByTestId(MembershipTestId.row(1, 'makerDiscount-reading')).textContent).toBe('');
    await ui.type(within(dialog).getByTestId('reason'), 'Typo');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    expect((await within(dialog).findByTestId(MembershipTestId.formError)).textContent).toBe(
      'Please check “VIP 1 · Maker discount”',
    );
    expect(sut.callsOf('updateMembership')).toEqual([]);
  });

  it('refuses a grace period beyond 90 days before asking the server', async () => {
    const { sut, ui } = renderMembership();
    const dialog = await openDialog(ui);
    await retype(ui, within(dialog).getByTestId(MembershipTestId.graceDays), '120');
    await ui.type(within(dialog).getByTestId('reason'), 'Long grace');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    expect((await within(dialog).findByTestId(MembershipTestId.formError)).textContent).toBe(
      'Please check “Grace period”',
    );
    expect(sut.callsOf('updateMembership')).toEqual([]);
  });

  it("shows the server's refusal of the table and keeps the dialog open", async () => {
    const { sut, ui } = renderMembership();
    sut.refuseNext('updateMembership', 'parameterError');
    const dialog = await openDialog(ui);
    await ui.type(within(dialog).getByTestId('reason'), 'Same table');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(noticesShown()).toContain('Parameter error'));
    expect(sut.callsOf('updateMembership')).toHaveLength(1);
    expect(screen.getByTestId(MembershipTestId.dialog)).toBeTruthy();
  });
});

describe('the membership page in Arabic', () => {
  it('reads right to left, with the levels and their discounts in Arabic', async () => {
    await switchLanguage('ar');
    try {
      renderMembership();
      expect((await screen.findByTestId(MembershipTestId.level(1))).textContent).toBe('مستوى VIP 1');
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('مركز العضوية');
      expect(cellText(1, 'makerDiscount')).toContain('خصم 10 %');
      expect(cellText(1, 'makerDiscount')).toContain('(0.1)');
    } finally {
      await switchLanguage('en-US');
    }
  });
});

describe('who sees what on the membership page', () => {
  it.each(['reviewer', 'support'] as const)('shows %s the levels but no way to change them', async (role) => {
    const { sut } = renderMembership(role);
    await screen.findByTestId(MembershipTestId.level(0));
    expect(screen.queryByTestId(MembershipTestId.edit)).toBeNull();
    expect(sut.calls.every((call) => call.violation === null)).toBe(true);
  });

  it('shows content editors nothing and asks the server for nothing of the levels', async () => {
    const { sut } = renderMembership('content');
    await waitFor(() => expect(sut.callsOf('getAdminMe')).toHaveLength(1));
    await screen.findByText('Membership centre');
    expect(screen.queryByTestId(MembershipTestId.levels)).toBeNull();
    expect(sut.callsOf('getAdminMembership')).toEqual([]);
  });
});
