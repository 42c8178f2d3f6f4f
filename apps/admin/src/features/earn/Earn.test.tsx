import type { AdminRole } from '@kestrel/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { type FakeRequest, fakeAdminApi, NOW } from '../../testing/fakeAdminApi';
import { noticesShown, renderPage, retype, type UI } from '../../testing/renderPage';
import { Earn } from './Earn';
import type { AdminEarnOrder, AdminEarnProduct, EarnAccrualRun } from './queries';
import { EarnTestId } from './testIds';

const USDT_30: AdminEarnProduct = {
  id: '1',
  asset: 'USDT',
  termDays: 30,
  annualRate: '0.055',
  minAmount: '100.000000',
  maxPerUser: '50000.000000',
  quota: '1000000.000000',
  quotaLeft: '750000.000000',
  saleStartsAt: '2026-11-01T00:00:00.000Z',
  saleEndsAt: '2026-12-31T00:00:00.000Z',
  earlyRedemption: { allowed: true, penaltyRate: '0.01' },
  state: 'onSale',
  visible: true,
  subscribed: '250000.000000',
  activeOrders: 412,
  interestPaid: '1843.250000',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const BTC_FLEX: AdminEarnProduct = {
  ...USDT_30,
  id: '2',
  asset: 'BTC',
  termDays: null,
  annualRate: '0.012',
  minAmount: '0.00100000',
  maxPerUser: '2.00000000',
  quota: '50.00000000',
  quotaLeft: '50.00000000',
  saleStartsAt: '2026-12-01T00:00:00.000Z',
  saleEndsAt: null,
  earlyRedemption: { allowed: true, penaltyRate: '0' },
  state: 'upcoming',
  visible: false,
  subscribed: '0',
  activeOrders: 0,
  interestPaid: '0',
};

const order = (id: string, changes: Partial<AdminEarnOrder> = {}): AdminEarnOrder => ({
  id,
  productId: '1',
  asset: 'USDT',
  principal: '1000.000000',
  annualRate: '0.055',
  termDays: 30,
  earlyRedemption: { allowed: true, penaltyRate: '0.01' },
  status: 'active',
  interestPaid: '1.506849',
  paidThrough: '2026-11-26',
  accrualStartsOn: '2026-11-17',
  maturesAt: '2026-12-16T00:00:00.000Z',
  createdAt: '2026-11-16T09:00:00.000Z',
  closedAt: null,
  returned: null,
  userId: 1042,
  account: 'a***@example.com',
  ...changes,
});
/** 25 active orders of user 1042 on product 1, newest first, and one redeemed order of user 7 on product 2. */
const ACTIVE = Array.from({ length: 25 }, (_, index) =>
  order(String(100 + index), { createdAt: `2026-11-${String(index + 1).padStart(2, '0')}T09:00:00.000Z` }),
);
const REDEEMED = order('300', {
  productId: '2',
  asset: 'BTC',
  principal: '0.50000000',
  annualRate: '0.012',
  termDays: null,
  status: 'redeemed',
  interestPaid: '0.00001644',
  maturesAt: null,
  closedAt: '2026-11-20T12:00:00.000Z',
  returned: '0.50001644',
  userId: 7,
  account: '+44*****789',
});

const RUNS: EarnAccrualRun[] = [
  {
    day: '2026-11-26',
    orders: 412,
    interest: [
      { asset: 'USDT', amount: '62.115068' },
      { asset: 'BTC', amount: '0.00001644' },
    ],
    matured: 3,
    finishedAt: '2026-11-27T00:04:12.000Z',
  },
  { day: '2026-11-25', orders: 0, interest: [], matured: 0, finishedAt: '2026-11-26T00:00:40.000Z' },
];

function fakeEarnServer(role: AdminRole) {
  const products = [structuredClone(USDT_30), structuredClone(BTC_FLEX)];
  const orders = [...ACTIVE, REDEEMED];
  const productOf = (body: Record<string, unknown>, id: string, existing?: AdminEarnProduct) => {
    const { reason: _reason, ...settings } = body as AdminEarnProduct & { reason: string };
    return {
      ...(existing ?? { subscribed: '0', activeOrders: 0, interestPaid: '0' }),
      ...settings,
      id,
      quotaLeft: settings.quota,
      state: 'upcoming' as const,
      updatedAt: NOW,
    };
  };
  const api = fakeAdminApi(role, {
    listAdminEarnProducts: () => ({ items: products }),
    createEarnProduct: ({ body }: FakeRequest) => {
      const created = productOf(body, String(products.length + 1));
      products.push(created);
      return created;
    },
    updateEarnProduct: ({ params, body }: FakeRequest) => {
      const at = products.findIndex((each) => each.id === params.id);
      const existing = products[at];
      if (!existing) return { code: 9, status: 404, message: 'earn.errors.productUnknown' };
      products[at] = productOf(body, existing.id, existing);
      return products[at];
    },
    listAdminEarnOrders: ({ query }: FakeRequest) => {
      const { state, userId, productId, cursor, limit } = query as {
        state: 'active' | 'closed';
        userId?: number;
        productId?: string;
        cursor?: string;
        limit: number;
      };
      const found = orders
        .filter((each) => (state === 'active' ? each.status === 'active' : each.status !== 'active'))
        .filter((each) => userId === undefined || each.userId === userId)
        .filter((each) => productId === undefined || each.productId === productId)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const from = cursor ? Number(cursor.slice(1)) : 0;
      return {
        items: found.slice(from, from + limit),
        next: from + limit < found.length ? `c${from + limit}` : null,
      };
    },
    listEarnAccrualRuns: () => ({ items: RUNS }),
  });
  return { ...api, products };
}

function renderEarn(role: AdminRole = 'super_admin') {
  const sut = fakeEarnServer(role);
  const ui = renderPage(<Earn />);
  return { sut, ui };
}

const rowOf = (id: string) => screen.getByTestId(EarnTestId.productRow(id)).closest('tr') as HTMLElement;
const cellText = (id: string, name: string) =>
  screen.getByTestId(EarnTestId.productCell(id, name)).textContent;

async function openDialog(ui: UI, button: string) {
  await ui.click(await screen.findByTestId(button));
  return screen.findByTestId(EarnTestId.dialog);
}

/** Fills the dialog's text fields; the sale instants as a `datetime-local` field takes them. */
async function fill(ui: UI, dialog: HTMLElement, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) {
    const input = within(dialog).getByTestId(EarnTestId.field(name)) as HTMLInputElement;
    if (input.type === 'datetime-local') fireEvent.change(input, { target: { value } });
    else await retype(ui, input, value);
  }
}

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the earn products', () => {
  it('lists each product with its term, rate, limits, quota, sale window, early redemption and figures', async () => {
    renderEarn();
    await screen.findByTestId(EarnTestId.productRow('1'));
    expect(rowOf('1').textContent).toContain('USDT');
    expect(cellText('1', 'term')).toBe('30 days');
    expect(cellText('1', 'rate')).toBe('5.5 %');
    expect(cellText('1', 'limits')).toBe('Min 100 USDT per subscriptionMax 50,000 USDT per user');
    expect(cellText('1', 'quota')).toBe('250,000 of 1,000,000 USDT subscribed750,000 USDT left');
    expect(cellText('1', 'sale')).toContain('On sale');
    expect(cellText('1', 'early')).toBe('Allowed, penalty 1 %');
    expect(cellText('1', 'visible')).toBe('Shown');
    expect(cellText('1', 'activeOrders')).toBe('412');
    expect(cellText('1', 'interestPaid')).toBe('1,843.25 USDT');

    expect(cellText('2', 'term')).toBe('Flexible');
    expect(cellText('2', 'rate')).toBe('1.2 %');
    expect(cellText('2', 'sale')).toContain('no end');
    expect(cellText('2', 'sale')).toContain('Upcoming');
    expect(cellText('2', 'early')).toBe('Any time, whole principal');
    expect(cellText('2', 'visible')).toBe('Hidden');
  });

  it('adds a product with every setting and the reason, checked against the contract, and lists it', async () => {
    const { sut, ui } = renderEarn();
    const dialog = await openDialog(ui, EarnTestId.create);
    await fill(ui, dialog, {
      asset: 'eth',
      annualRate: '0.08',
      termDays: '90',
      minAmount: '0.05',
      maxPerUser: '20',
      quota: '500',
      saleStartsAt: '2026-12-01T08:00',
      saleEndsAt: '2027-01-31T20:00',
    });
    expect(within(dialog).getByTestId(EarnTestId.reading('annualRate')).textContent).toBe('8 %');
    expect(within(dialog).getByTestId(EarnTestId.reading('termDays')).textContent).toBe('90 days');
    await ui.click(within(dialog).getByTestId(EarnTestId.field('earlyAllowed')));
    await fill(ui, dialog, { penaltyRate: '0.005' });
    expect(within(dialog).getByTestId(EarnTestId.reading('penaltyRate')).textContent).toBe('0.5 %');
    await ui.click(within(dialog).getByTestId(EarnTestId.field('visible')));
    await ui.type(within(dialog).getByTestId('reason'), 'Q1 ETH campaign');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId(EarnTestId.dialog)).toBeNull());
    const [call] = sut.callsOf('createEarnProduct');
    expect(call?.violation).toBeNull();
    expect(call?.body).toEqual({
      asset: 'ETH',
      termDays: 90,
      annualRate: '0.08',
      minAmount: '0.05',
      maxPerUser: '20',
      quota: '500',
      saleStartsAt: '2026-12-01T08:00:00.000Z',
      saleEndsAt: '2027-01-31T20:00:00.000Z',
      earlyRedemption: { allowed: true, penaltyRate: '0.005' },
      visible: true,
      reason: 'Q1 ETH campaign',
    });
    expect(noticesShown()).toContain('Product added');
    expect(await screen.findByTestId(EarnTestId.productRow('3'))).toBeTruthy();
    expect(cellText('3', 'term')).toBe('90 days');
  });

  it('sends a flexible product without a term and redeemable at any time', async () => {
    const { sut, ui } = renderEarn();
    const dialog = await openDialog(ui, EarnTestId.create);
    await ui.click(within(dialog).getByTestId(EarnTestId.field('flexible')));
    expect(within(dialog).queryByTestId(EarnTestId.field('termDays'))).toBeNull();
    expect(within(dialog).queryByTestId(EarnTestId.field('earlyAllowed'))).toBeNull();
    await fill(ui, dialog, {
      asset: 'USDC',
      annualRate: '0.03',
      minAmount: '10',
      maxPerUser: '10000',
      quota: '2000000',
      saleStartsAt: '2026-12-01T00:00',
    });
    await ui.type(within(dialog).getByTestId('reason'), 'Flexible USDC');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(sut.callsOf('createEarnProduct')).toHaveLength(1));
    expect(sut.callsOf('createEarnProduct')[0]?.body).toMatchObject({
      termDays: null,
      saleEndsAt: null,
      earlyRedemption: { allowed: true, penaltyRate: '0' },
      visible: false,
    });
  });

  it('refuses a rate typed as a percentage, naming the field, before asking the server', async () => {
    const { sut, ui } = renderEarn();
    const dialog = await openDialog(ui, EarnTestId.edit('1'));
    await fill(ui, dialog, { annualRate: '5.5' });
    expect(within(dialog).getByTestId(EarnTestId.reading('annualRate')).textContent).toBe('');
    await ui.type(within(dialog).getByTestId('reason'), 'Raise the rate');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    expect((await within(dialog).findByTestId(EarnTestId.formError)).textContent).toBe(
      'Please check “Annual rate”',
    );
    expect(sut.callsOf('updateEarnProduct')).toEqual([]);
  });

  it('asks for a reason before changing a product', async () => {
    const { sut, ui } = renderEarn();
    const dialog = await openDialog(ui, EarnTestId.edit('1'));
    await ui.type(within(dialog).getByTestId('reason'), '   ');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    expect((await within(dialog).findByTestId(EarnTestId.formError)).textContent).toBe(
      'Please give a reason',
    );
    expect(sut.callsOf('updateEarnProduct')).toEqual([]);
  });

  it("changes a product's settings, sending all of them with the reason", async () => {
    const { sut, ui } = renderEarn();
    const dialog = await openDialog(ui, EarnTestId.edit('1'));
    expect((within(dialog).getByTestId(EarnTestId.field('minAmount')) as HTMLInputElement).value).toBe('100');
    await fill(ui, dialog, { annualRate: '0.06', quota: '1500000' });
    await ui.click(within(dialog).getByTestId(EarnTestId.field('visible')));
    await ui.type(within(dialog).getByTestId('reason'), 'More room, better rate, hidden for review');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(sut.callsOf('updateEarnProduct')).toHaveLength(1));
    const [call] = sut.callsOf('updateEarnProduct');
    expect(call?.violation).toBeNull();
    expect(call?.params).toEqual({ id: '1' });
    expect(call?.body).toEqual({
      asset: 'USDT',
      termDays: 30,
      annualRate: '0.06',
      minAmount: '100',
      maxPerUser: '50000',
      quota: '1500000',
      saleStartsAt: '2026-11-01T00:00:00.000Z',
      saleEndsAt: '2026-12-31T00:00:00.000Z',
      earlyRedemption: { allowed: true, penaltyRate: '0.01' },
      visible: false,
      reason: 'More room, better rate, hidden for review',
    });
    await waitFor(() => expect(cellText('1', 'rate')).toBe('6 %'));
    expect(cellText('1', 'visible')).toBe('Hidden');
  });
});

describe('the earn orders', () => {
  it('lists active orders newest first, a page at a time', async () => {
    const { sut, ui } = renderEarn();
    await ui.click(await screen.findByTestId(EarnTestId.tab('orders')));
    await screen.findByTestId(EarnTestId.orderRow('124'));
    const row = screen.getByTestId(EarnTestId.orderRow('124')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('a***@example.com');
    expect(row.textContent).toContain('User 1042');
    expect(row.textContent).toContain('1,000 USDT');
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain('paid through Nov 26, 2026');
    expect(within(screen.getByTestId(EarnTestId.orders)).queryAllByTestId(/^earn-order-\d+$/)).toHaveLength(
      20,
    );

    await ui.click(screen.getByTestId(EarnTestId.olderPage));
    await screen.findByTestId(EarnTestId.orderRow('100'));
    expect(within(screen.getByTestId(EarnTestId.orders)).queryAllByTestId(/^earn-order-\d+$/)).toHaveLength(
      5,
    );
    expect(sut.callsOf('listAdminEarnOrders').at(-1)?.query).toEqual({
      state: 'active',
      cursor: 'c20',
      limit: '20',
    });
    await ui.click(screen.getByTestId(EarnTestId.newerPage));
    await screen.findByTestId(EarnTestId.orderRow('124'));
  });

  it('filters by state, product and user', async () => {
    const { sut, ui } = renderEarn();
    await ui.click(await screen.findByTestId(EarnTestId.tab('orders')));
    await screen.findByTestId(EarnTestId.orderRow('124'));
    await ui.selectOptions(screen.getByTestId(EarnTestId.stateFilter), 'closed');
    await screen.findByTestId(EarnTestId.orderRow('300'));
    const row = screen.getByTestId(EarnTestId.orderRow('300')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Redeemed');
    expect(row.textContent).toContain('0.50001644 BTC');

    await ui.selectOptions(screen.getByTestId(EarnTestId.productFilter), '2');
    const userBox = within(screen.getByTestId(EarnTestId.userFilter)).getByRole('searchbox');
    await ui.type(userBox, '7{Enter}');
    await waitFor(() =>
      expect(sut.callsOf('listAdminEarnOrders').at(-1)?.query).toEqual({
        state: 'closed',
        productId: '2',
        userId: '7',
        limit: '20',
      }),
    );
    expect(sut.calls.every((call) => call.violation === null)).toBe(true);
    await ui.clear(userBox);
    await ui.type(userBox, 'abc{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('A user ID is a whole number');
  });
});

describe('the accrual runs', () => {
  it('shows each day with its orders, interest per asset and orders matured', async () => {
    const { ui } = renderEarn();
    await ui.click(await screen.findByTestId(EarnTestId.tab('accruals')));
    const row = (await screen.findByTestId(EarnTestId.accrualRow('2026-11-26'))).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Nov 26, 2026');
    expect(row.textContent).toContain('412');
    expect(row.textContent).toContain('62.115068 USDT');
    expect(row.textContent).toContain('0.00001644 BTC');
    expect(row.textContent).toContain('3');
    const quiet = screen.getByTestId(EarnTestId.accrualRow('2026-11-25')).closest('tr') as HTMLElement;
    expect(quiet.textContent).toContain('—');
  });
});

describe('who sees what on the earn page', () => {
  it.each(['reviewer', 'support'] as const)(
    'shows %s the products but no way to change them',
    async (role) => {
      const { sut } = renderEarn(role);
      await screen.findByTestId(EarnTestId.productRow('1'));
      expect(screen.queryByTestId(EarnTestId.create)).toBeNull();
      expect(screen.queryByTestId(EarnTestId.edit('1'))).toBeNull();
      expect(sut.calls.every((call) => call.violation === null)).toBe(true);
    },
  );

  it('shows content editors nothing and asks the server for nothing of earn', async () => {
    const { sut } = renderEarn('content');
    await waitFor(() => expect(sut.callsOf('getAdminMe')).toHaveLength(1));
    await screen.findByText('Earn products');
    expect(screen.queryByTestId(EarnTestId.products)).toBeNull();
    expect(sut.callsOf('listAdminEarnProducts')).toEqual([]);
  });
});
