import type { DemoSummary } from '@kestrel/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, switchLanguage } from '../../i18n/i18n';
import { fakeAdminApi } from '../../testing/fakeAdminApi';
import { renderPage } from '../../testing/renderPage';
import { Demo } from './Demo';
import { DemoTestId } from './testIds';

const SUMMARY: DemoSummary = {
  accounts: { open: 1280, anonymous: 900, twins: 380, startedLastDay: 42, activeLastDay: 317, closed: 55 },
  ordersLastDay: { spot: 2450, futures: 812, options: 96 },
  resetsLastDay: 13,
  startingBalance: '100000',
  closesAfterIdleDays: 30,
};

const fact = (name: string) => screen.getByTestId(DemoTestId.fact(name)).textContent;

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  await switchLanguage('en-US');
});

describe('the demo accounts page', () => {
  it('shows the accounts, their orders by product and resets in the last 24 hours, and the settings', async () => {
    const sut = fakeAdminApi('super_admin', { getDemoSummary: () => SUMMARY });
    renderPage(<Demo />);
    await screen.findByTestId(DemoTestId.accounts);
    expect(sut.callsOf('getDemoSummary')).toHaveLength(1);
    expect(fact('open')).toBe('1,280');
    expect(fact('anonymous')).toBe('900');
    expect(fact('twins')).toBe('380');
    expect(fact('startedLastDay')).toBe('42');
    expect(fact('activeLastDay')).toBe('317');
    expect(fact('closed')).toBe('55');
    expect(fact('spot')).toBe('2,450');
    expect(fact('futures')).toBe('812');
    expect(fact('options')).toBe('96');
    expect(fact('resetsLastDay')).toBe('13');
    expect(fact('startingBalance')).toBe('100,000 USDT');
    expect(fact('closesAfterIdle')).toBe('30 days');
    expect(screen.getByTestId(DemoTestId.orders).textContent).toContain('Orders in the last 24 hours');
  });

  it('speaks the operator’s language', async () => {
    fakeAdminApi('support', { getDemoSummary: () => SUMMARY });
    await switchLanguage('de');
    renderPage(<Demo />);
    await screen.findByTestId(DemoTestId.accounts);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Demokonten');
    expect(fact('closesAfterIdle')).toBe('30 Tagen');
  });
});
