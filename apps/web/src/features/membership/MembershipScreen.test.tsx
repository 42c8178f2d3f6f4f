import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBERSHIP_PATH } from '../../app/paths';
import { hasScreen } from '../../app/routes';
import { initI18n, switchLanguage } from '../../i18n/i18n';
import {
  answerMembership,
  type FakeMembershipCentre,
  fakeMembershipCentre,
  membership,
} from '../../test/membershipFixtures';
import { renderRoutes } from '../../test/render';
import { MINE_ENTRIES } from '../mine/mineEntries';
import { MembershipScreen } from './MembershipScreen';
import { MembershipTestId } from './testIds';

/*
 * The membership centre against a fake server whose answer the app's client checks against the contract's
 * response schema, so a fake that drifts from the contract fails here.
 */

let centre: FakeMembershipCentre;

const text = (id: string) => screen.getByTestId(id).textContent;

function renderCentre() {
  return renderRoutes([{ path: MEMBERSHIP_PATH, element: <MembershipScreen /> }], MEMBERSHIP_PATH);
}

async function ready() {
  await waitFor(() => expect(screen.getByTestId(MembershipTestId.level)).toBeTruthy());
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  centre = fakeMembershipCentre();
  vi.spyOn(window, 'fetch').mockImplementation((request) =>
    Promise.resolve(
      answerMembership(centre, new URL(String(request), 'http://localhost')) ??
        new Response(JSON.stringify({ code: 40_400, msg: 'Not found', data: null }), { status: 404 }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the level card', () => {
  it("shows the user's level with its fee discounts and the time of the snapshot", async () => {
    renderCentre();
    await ready();
    expect(text(MembershipTestId.level)).toBe('VIP 1');
    expect(text(MembershipTestId.makerDiscount)).toBe('10%');
    expect(text(MembershipTestId.takerDiscount)).toBe('5%');
    expect(text(MembershipTestId.snapshot)).toMatch(
      /^Figures as of Mar 14, 2026, \d{1,2}:\d\d [AP]M, updated daily\.$/,
    );
    expect(screen.queryByTestId(MembershipTestId.grace)).toBeNull();
  });

  it('calls level 0 Regular, and says when the figures come before the first snapshot', async () => {
    centre.view = membership({
      level: 0,
      qualifiedLevel: 0,
      volume30d: '0',
      holdings: '0',
      snapshotAt: null,
      next: { level: 1, volumeNeeded: '100000', holdingsNeeded: '10000' },
    });
    renderCentre();
    await ready();
    expect(text(MembershipTestId.level)).toBe('Regular');
    expect(text(MembershipTestId.snapshot)).toBe('Your figures appear after the first daily update.');
  });

  it('says until when a level is kept in its grace period, and what the figures qualify for', async () => {
    centre.view = membership({ level: 2, qualifiedLevel: 1, keptUntil: '2026-04-13T12:00:00.000Z' });
    renderCentre();
    await ready();
    expect(text(MembershipTestId.level)).toBe('VIP 2');
    expect(text(MembershipTestId.grace)).toBe(
      "Your level is kept until April 13, 2026. Your latest figures qualify for VIP 1. Reach this level's volume or holdings again before then to keep it.",
    );
  });
});

describe('the progress to the next level', () => {
  it('shows volume and holdings against what the next level needs, and that either is enough', async () => {
    renderCentre();
    await ready();
    const next = within(screen.getByTestId(MembershipTestId.next));
    expect(next.getByRole('heading').textContent).toBe('Progress to VIP 2');
    expect(text(MembershipTestId.volume)).toBe('$250,000 / $1,000,000');
    expect(text(MembershipTestId.volumeMore)).toBe('$750,000 more');
    expect(screen.getByTestId(MembershipTestId.volumeBar).getAttribute('aria-valuenow')).toBe('25');
    expect(text(MembershipTestId.holdings)).toBe('$40,000 / $100,000');
    expect(text(MembershipTestId.holdingsMore)).toBe('$60,000 more');
    expect(screen.getByTestId(MembershipTestId.holdingsBar).getAttribute('aria-valuenow')).toBe('40');
    expect(next.getByText('Either one is enough to reach the next level.')).toBeTruthy();
  });

  it('says the top level is reached when there is no next one', async () => {
    centre.view = membership({ level: 3, qualifiedLevel: 3, next: null });
    renderCentre();
    await ready();
    expect(screen.queryByTestId(MembershipTestId.next)).toBeNull();
    expect(text(MembershipTestId.topLevel)).toBe('You are at the top level.');
  });
});

describe('the benefits table', () => {
  it("lists every level's volume, holdings and discounts as percentages, with the user's row marked", async () => {
    renderCentre();
    await ready();
    const table = screen.getByTestId(MembershipTestId.table);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Level', '30-day volume', 'Holdings', 'Maker discount', 'Taker discount']);
    const row = (level: number) =>
      [...screen.getByTestId(MembershipTestId.row(level)).querySelectorAll('th, td')].map(
        (cell) => cell.textContent,
      );
    expect(row(0)).toEqual(['Regular', '$0', '$0', '0%', '0%']);
    expect(row(1)).toEqual(['VIP 1Your level', '$100,000', '$10,000', '10%', '5%']);
    expect(row(3)).toEqual(['VIP 3', '$5,000,000', '$500,000', '30%', '15%']);
    expect(screen.getByTestId(MembershipTestId.row(1)).getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId(MembershipTestId.row(2)).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('A level you reach is kept for 30 days before it moves down.')).toBeTruthy();
  });
});

describe('the membership centre in Arabic', () => {
  it('reads right to left, with each $ figure and date kept whole', async () => {
    await switchLanguage('ar');
    try {
      renderCentre();
      await ready();
      expect(document.documentElement.dir).toBe('rtl');
      expect(text(MembershipTestId.makerDiscount)).toContain('10');
      expect(screen.getAllByRole('columnheader')[0]?.textContent).toBe('المستوى');
      expect(screen.getByTestId(MembershipTestId.volume).querySelectorAll('bdi')).toHaveLength(2);
      expect(text(MembershipTestId.volumeMore)).toMatch(/\u2068.*750,000.*\u2069/);
      expect(text(MembershipTestId.snapshot)).toContain('\u2068');
    } finally {
      await switchLanguage('en-US');
    }
  });
});

describe('the way in', () => {
  it('is a row of the Mine screen, leading to a screen that exists', () => {
    const entry = MINE_ENTRIES.find((each) => each.testId === MembershipTestId.mineEntry);
    expect(entry?.path).toBe(MEMBERSHIP_PATH);
    expect(hasScreen(MEMBERSHIP_PATH)).toBe(true);
  });
});
