import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MISSIONS_PATH } from '../../app/paths';
import { hasScreen } from '../../app/routes';
import { currentNotice } from '../../components/notice/noticeStore';
import { initI18n, switchLanguage } from '../../i18n/i18n';
import {
  answerMissions,
  claimableMission,
  type FakeMissionHall,
  fakeMissionHall,
  mission,
} from '../../test/missionFixtures';
import { renderRoutes } from '../../test/render';
import { MINE_ENTRIES } from '../mine/mineEntries';
import { MissionHallScreen } from './MissionHallScreen';
import { MissionsTestId } from './testIds';

/*
 * The mission hall against a fake server whose every answer the app's client checks against the contract's
 * response schemas, so a fake that drifts from the contract fails here.
 */

let hall: FakeMissionHall;

const card = (id: string) => within(screen.getByTestId(MissionsTestId.mission(id)));
const textIn = (id: string, testId: string) => card(id).getByTestId(testId).textContent;

function renderHall() {
  return renderRoutes(
    [
      { path: MISSIONS_PATH, element: <MissionHallScreen /> },
      { path: '/user/identification', element: <p>identity page</p> },
    ],
    MISSIONS_PATH,
  );
}

async function shown(id: string) {
  await waitFor(() => expect(screen.getByTestId(MissionsTestId.mission(id))).toBeTruthy());
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  hall = fakeMissionHall();
  vi.spyOn(window, 'fetch').mockImplementation((request, init) =>
    Promise.resolve(
      answerMissions(hall, new URL(String(request), 'http://localhost'), init) ??
        new Response(JSON.stringify({ code: 40_400, msg: 'Not found', data: null }), { status: 404 }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the tasks of the mission hall', () => {
  it("titles each task from its event, threshold and cycle, with $ amounts as the user's locale writes them", async () => {
    hall.missions = [
      mission('1', { event: 'identityVerified', threshold: '1', progress: '0' }),
      mission('2', { event: 'firstDeposit', threshold: '1', progress: '0' }),
      mission('3', { event: 'spotVolume', threshold: '1000' }),
      mission('4', { event: 'futuresVolume', threshold: '2500.5', repeat: 'weekly' }),
      mission('5', { event: 'depositAmount', threshold: '100', progress: '0' }),
      mission('6', { event: 'earnSubscribed', threshold: '500', progress: '0', repeat: 'daily' }),
      mission('7', { event: 'optionsBought', threshold: '3', progress: '1', repeat: 'daily' }),
      mission('8', { event: 'optionsBought', threshold: '1', progress: '0', repeat: 'weekly' }),
      mission('9', { event: 'invitedVerified', threshold: '3', progress: '2' }),
      mission('10', { event: 'invitedVerified', threshold: '1', progress: '0' }),
    ];
    renderHall();
    await shown('1');
    const titles = hall.missions.map(({ id }) => textIn(id, MissionsTestId.title));
    expect(titles).toEqual([
      'Verify your identity',
      'Make your first deposit',
      'Trade $1,000 on spot',
      'Trade $2,500.50 in futures this week',
      'Deposit $100',
      'Subscribe $500 to Earn today',
      'Buy 3 options today',
      'Buy an option this week',
      'Invite 3 friends who verify their identity',
      'Invite a friend who verifies their identity',
    ]);
  });

  it('shows the reward and the progress towards the threshold, as figures and as a bar', async () => {
    hall.missions = [
      mission('1', {
        event: 'spotVolume',
        threshold: '1000',
        progress: '350',
        reward: { asset: 'USDT', amount: '5.50' },
      }),
      mission('2', { event: 'optionsBought', threshold: '3', progress: '1' }),
    ];
    renderHall();
    await shown('1');
    expect(textIn('1', MissionsTestId.reward)).toBe('Reward+5.5 USDT');
    expect(textIn('1', MissionsTestId.progress)).toBe('$350 / $1,000');
    const bar = card('1').getByRole('progressbar', { name: 'Progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('35');
    expect(bar.getAttribute('aria-valuetext')).toBe('$350 / $1,000');
    expect(textIn('2', MissionsTestId.progress)).toBe('1 / 3');
    expect(card('2').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
  });

  it('puts what can be claimed first, then what is under way, then what is over, each labelled', async () => {
    hall.missions = [
      mission('1', { status: 'claimed', progress: '1000', claimedAt: new Date().toISOString() }),
      mission('2'),
      mission('3', { status: 'expired' }),
      claimableMission('4'),
    ];
    renderHall();
    await shown('1');
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['Ready to claim', 'In progress', 'Finished']);
    const order = screen.getAllByRole('listitem').map((item) => item.getAttribute('data-testid'));
    expect(order).toEqual(['4', '2', '1', '3'].map(MissionsTestId.mission));
    expect(textIn('1', MissionsTestId.status)).toBe('Claimed');
    expect(textIn('3', MissionsTestId.status)).toBe('Expired');
    expect(card('2').queryByTestId(MissionsTestId.claim)).toBeNull();
    expect(card('4').getByTestId(MissionsTestId.claim).textContent).toBe('Claim');
  });

  it('says so when there is no task', async () => {
    renderHall();
    await waitFor(() =>
      expect(screen.getByTestId(MissionsTestId.empty).textContent).toBe(
        'No tasks right now. New ones appear here.',
      ),
    );
  });
});

describe('the time left', () => {
  it('counts down to the end of the cycle, or to the claim deadline once a task is finished', async () => {
    hall.missions = [
      mission('1'),
      claimableMission('2'),
      mission('3', { repeat: 'daily' }),
      mission('4', {
        repeat: 'weekly',
        cycleEndsAt: new Date(Date.now() + (3 * 24 + 4) * 3_600_000 + 60_000).toISOString(),
      }),
      mission('5', { cycleEndsAt: null }),
    ];
    renderHall();
    await shown('1');
    expect(textIn('1', MissionsTestId.countdown)).toMatch(/^Time left 2:0[45]:\d\d$/);
    expect(textIn('2', MissionsTestId.countdown)).toMatch(/^Claim within (29:\d\d|30:00)$/);
    expect(textIn('3', MissionsTestId.countdown)).toMatch(/^Resets in 2:0[45]:\d\d$/);
    expect(textIn('4', MissionsTestId.countdown)).toBe('Resets in 3d 4h');
    expect(card('5').queryByTestId(MissionsTestId.countdown)).toBeNull();
  });

  it('ticks every second, and takes the Claim button away when the claim deadline passes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    hall.missions = [claimableMission('1', { claimBy: new Date(Date.now() + 3_000).toISOString() })];
    renderHall();
    await shown('1');
    expect(textIn('1', MissionsTestId.countdown)).toBe('Claim within 00:03');
    act(() => vi.advanceTimersByTime(1_000));
    expect(textIn('1', MissionsTestId.countdown)).toBe('Claim within 00:02');
    act(() => vi.advanceTimersByTime(2_000));
    expect(card('1').queryByTestId(MissionsTestId.countdown)).toBeNull();
    expect(card('1').queryByTestId(MissionsTestId.claim)).toBeNull();
    expect(textIn('1', MissionsTestId.status)).toBe('Expired');
    // What the server says now is read again.
    await waitFor(() => expect(hall.reads).toBe(2));
  });
});

describe('claiming a reward', () => {
  it('claims once with an Idempotency-Key, says the reward is paid and shows the task claimed', async () => {
    hall.missions = [claimableMission('7', { reward: { asset: 'USDT', amount: '5' } }), mission('8')];
    renderHall();
    await shown('7');
    const user = userEvent.setup();
    const button = card('7').getByTestId(MissionsTestId.claim);
    await user.click(button);
    await user.click(button);
    await waitFor(() => expect(textIn('7', MissionsTestId.status)).toBe('Claimed'));
    expect(hall.claims).toHaveLength(1);
    expect(hall.claims[0]?.id).toBe('7');
    expect(hall.claims[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(currentNotice()).toMatchObject({
      tone: 'positive',
      message: 'Reward claimed: 5 USDT is in your spot account',
    });
    // The list is read again: a repeated task may have started its next cycle.
    await waitFor(() => expect(hall.reads).toBe(2));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'In progress',
      'Finished',
    ]);
  });

  it('sends each new claim with a new key', async () => {
    hall.missions = [claimableMission('1'), claimableMission('2')];
    renderHall();
    await shown('1');
    await userEvent.click(card('1').getByTestId(MissionsTestId.claim));
    await waitFor(() => expect(textIn('1', MissionsTestId.status)).toBe('Claimed'));
    await userEvent.click(card('2').getByTestId(MissionsTestId.claim));
    await waitFor(() => expect(textIn('2', MissionsTestId.status)).toBe('Claimed'));
    expect(hall.claims.map((claim) => claim.id)).toEqual(['1', '2']);
    expect(hall.claims[0]?.key).not.toBe(hall.claims[1]?.key);
  });
});

describe('rewards need a verified identity', () => {
  it('says so, links to identity verification and offers no claim until then', async () => {
    hall.identityVerified = false;
    hall.missions = [claimableMission('1')];
    renderHall();
    await shown('1');
    const notice = screen.getByTestId(MissionsTestId.identityNotice);
    expect(notice.textContent).toContain('Rewards are paid only to users who have verified their identity.');
    expect(screen.getByTestId(MissionsTestId.identityLink).getAttribute('href')).toBe('/user/identification');
    expect(card('1').queryByTestId(MissionsTestId.claim)).toBeNull();
    await userEvent.click(card('1').getByTestId(MissionsTestId.verifyToClaim));
    expect(await screen.findByText('identity page')).toBeTruthy();
    expect(hall.claims).toEqual([]);
  });

  it('shows no notice to a verified user', async () => {
    hall.missions = [claimableMission('1')];
    renderHall();
    await shown('1');
    expect(screen.queryByTestId(MissionsTestId.identityNotice)).toBeNull();
  });
});

describe('the mission hall in Arabic', () => {
  it('reads right to left, with amounts and countdowns kept whole', async () => {
    await switchLanguage('ar');
    try {
      hall.missions = [mission('1', { event: 'spotVolume', threshold: '1000' })];
      renderHall();
      await shown('1');
      expect(document.documentElement.dir).toBe('rtl');
      const title = textIn('1', MissionsTestId.title) ?? '';
      // The amount is isolated, so its digits and sign keep their order inside the Arabic sentence.
      expect(title).toMatch(/^تداول بقيمة \u2068\u200f?1,000\s\$\u2069 في السوق الفوري$/);
      expect(card('1').getByTestId(MissionsTestId.progress).querySelectorAll('bdi')).toHaveLength(2);
      expect(textIn('1', MissionsTestId.countdown)).toMatch(/\u2068\d:\d\d:\d\d\u2069/);
    } finally {
      await switchLanguage('en-US');
    }
  });
});

describe('the way in', () => {
  it('is a row of the Mine screen, leading to a screen that exists', () => {
    const entry = MINE_ENTRIES.find((each) => each.testId === MissionsTestId.mineEntry);
    expect(entry?.path).toBe(MISSIONS_PATH);
    expect(hasScreen(MISSIONS_PATH)).toBe(true);
  });
});
