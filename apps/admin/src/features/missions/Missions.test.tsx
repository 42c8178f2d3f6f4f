import type { AdminRole } from '@kestrel/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { type FakeRequest, fakeAdminApi, NOW } from '../../testing/fakeAdminApi';
import { noticesShown, renderPage, retype, type UI } from '../../testing/renderPage';
import { Missions } from './Missions';
import type { AdminMission } from './queries';
import { MissionsTestId } from './testIds';

const VERIFY: AdminMission = {
  id: '1',
  event: 'identityVerified',
  threshold: '1',
  rewardAsset: 'USDT',
  rewardAmount: '5.000000',
  repeat: 'once',
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  claimHours: 72,
  visible: true,
  claims: 1290,
  paid: '6450.000000',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const SPOT_DAILY: AdminMission = {
  id: '2',
  event: 'spotVolume',
  threshold: '10000',
  rewardAsset: 'USDT',
  rewardAmount: '2.5',
  repeat: 'daily',
  startsAt: '2026-11-15T00:00:00.000Z',
  endsAt: '2026-12-15T00:00:00.000Z',
  claimHours: 24,
  visible: false,
  claims: 37,
  paid: '92.5',
  updatedAt: '2026-11-15T00:00:00.000Z',
};

function renderMissions(role: AdminRole = 'super_admin') {
  const items = [structuredClone(VERIFY), structuredClone(SPOT_DAILY)];
  const missionOf = (body: Record<string, unknown>, id: string, existing?: AdminMission) => {
    const { reason: _reason, ...settings } = body as AdminMission & { reason: string };
    return { ...(existing ?? { claims: 0, paid: '0' }), ...settings, id, updatedAt: NOW };
  };
  const sut = fakeAdminApi(role, {
    listAdminMissions: () => ({
      items,
      rewardsPaid: [
        { asset: 'USDT', amount: '-6542.500000' },
        { asset: 'BTC', amount: '-0.0015' },
      ],
    }),
    createMission: ({ body }: FakeRequest) => {
      const created = missionOf(body, String(items.length + 1));
      items.push(created);
      return created;
    },
    updateMission: ({ params, body }: FakeRequest) => {
      const at = items.findIndex((each) => each.id === params.id);
      const existing = items[at];
      if (!existing) return { code: 9, status: 404, message: 'missions.errors.missionUnknown' };
      items[at] = missionOf(body, existing.id, existing);
      return items[at];
    },
  });
  const ui = renderPage(<Missions />);
  return { sut, ui };
}

const cellText = (id: string, name: string) => screen.getByTestId(MissionsTestId.cell(id, name)).textContent;

async function openDialog(ui: UI, button: string) {
  await ui.click(await screen.findByTestId(button));
  return screen.findByTestId(MissionsTestId.dialog);
}

async function fill(ui: UI, dialog: HTMLElement, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) {
    const input = within(dialog).getByTestId(MissionsTestId.field(name)) as HTMLInputElement;
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

describe('the mission hall tasks', () => {
  it('lists each task with its event, threshold, reward, repeat, window, claim hours, visibility, claims and paid', async () => {
    renderMissions();
    expect((await screen.findByTestId(MissionsTestId.row('1'))).textContent).toContain('Identity verified');
    expect(cellText('1', 'threshold')).toBe('1');
    expect(cellText('1', 'reward')).toBe('5 USDT');
    expect(cellText('1', 'repeat')).toBe('Once');
    expect(cellText('1', 'window')).toContain('no end');
    expect(cellText('1', 'claimHours')).toBe('72 h');
    expect(cellText('1', 'visible')).toBe('Shown');
    expect(cellText('1', 'claims')).toBe('1,290');
    expect(cellText('1', 'paid')).toBe('6,450 USDT');

    expect(screen.getByTestId(MissionsTestId.row('2')).textContent).toContain('Spot volume ($)');
    expect(cellText('2', 'threshold')).toBe('$10,000.00');
    expect(cellText('2', 'repeat')).toBe('Every day');
    expect(cellText('2', 'visible')).toBe('Hidden');
  });

  it('shows the rewards account per asset', async () => {
    renderMissions();
    expect((await screen.findByTestId(MissionsTestId.rewardPaid('USDT'))).textContent).toBe('-6,542.5 USDT');
    expect(screen.getByTestId(MissionsTestId.rewardPaid('BTC')).textContent).toBe('-0.0015 BTC');
  });

  it('adds a task with every setting and the reason, checked against the contract', async () => {
    const { sut, ui } = renderMissions();
    const dialog = await openDialog(ui, MissionsTestId.create);
    await ui.selectOptions(within(dialog).getByTestId(MissionsTestId.field('event')), 'futuresVolume');
    await fill(ui, dialog, {
      threshold: '50000',
      rewardAmount: '10',
      rewardAsset: 'usdt',
      claimHours: '48',
      startsAt: '2026-12-01T00:00',
      endsAt: '2026-12-31T23:59',
    });
    expect(within(dialog).getByTestId(MissionsTestId.reading('threshold')).textContent).toBe('$50,000.00');
    await ui.selectOptions(within(dialog).getByTestId(MissionsTestId.field('repeat')), 'weekly');
    await ui.click(within(dialog).getByTestId(MissionsTestId.field('visible')));
    await ui.type(within(dialog).getByTestId('reason'), 'December futures week');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(screen.queryByTestId(MissionsTestId.dialog)).toBeNull());
    const [call] = sut.callsOf('createMission');
    expect(call?.violation).toBeNull();
    expect(call?.body).toEqual({
      event: 'futuresVolume',
      threshold: '50000',
      rewardAsset: 'USDT',
      rewardAmount: '10',
      repeat: 'weekly',
      startsAt: '2026-12-01T00:00:00.000Z',
      endsAt: '2026-12-31T23:59:00.000Z',
      claimHours: 48,
      visible: true,
      reason: 'December futures week',
    });
    expect(noticesShown()).toContain('Task added');
    expect((await screen.findByTestId(MissionsTestId.row('3'))).textContent).toContain('Futures volume ($)');
  });

  it('refuses claim hours beyond 90 days, naming the field, before asking the server', async () => {
    const { sut, ui } = renderMissions();
    const dialog = await openDialog(ui, MissionsTestId.edit('1'));
    await fill(ui, dialog, { claimHours: '2161' });
    await ui.type(within(dialog).getByTestId('reason'), 'Longer claims');
    await ui.click(within(dialog).getByTestId('dialog-submit'));
    expect((await within(dialog).findByTestId(MissionsTestId.formError)).textContent).toBe(
      'Please check “Claim within”',
    );
    expect(sut.callsOf('updateMission')).toEqual([]);
  });

  it("changes a task's settings with the reason", async () => {
    const { sut, ui } = renderMissions();
    const dialog = await openDialog(ui, MissionsTestId.edit('2'));
    await fill(ui, dialog, { rewardAmount: '3', endsAt: '' });
    await ui.click(within(dialog).getByTestId(MissionsTestId.field('visible')));
    await ui.type(within(dialog).getByTestId('reason'), 'Open-ended, a little more');
    await ui.click(within(dialog).getByTestId('dialog-submit'));

    await waitFor(() => expect(sut.callsOf('updateMission')).toHaveLength(1));
    const [call] = sut.callsOf('updateMission');
    expect(call?.violation).toBeNull();
    expect(call?.params).toEqual({ id: '2' });
    expect(call?.body).toEqual({
      event: 'spotVolume',
      threshold: '10000',
      rewardAsset: 'USDT',
      rewardAmount: '3',
      repeat: 'daily',
      startsAt: '2026-11-15T00:00:00.000Z',
      endsAt: null,
      claimHours: 24,
      visible: true,
      reason: 'Open-ended, a little more',
    });
    await waitFor(() => expect(cellText('2', 'reward')).toBe('3 USDT'));
  });
});

describe('who sees what on the mission hall page', () => {
  it.each(['reviewer', 'support', 'content'] as const)(
    'shows %s the tasks but no way to change them',
    async (role) => {
      const { sut } = renderMissions(role);
      await screen.findByTestId(MissionsTestId.row('1'));
      expect(screen.queryByTestId(MissionsTestId.create)).toBeNull();
      expect(screen.queryByTestId(MissionsTestId.edit('1'))).toBeNull();
      expect(sut.calls.every((call) => call.violation === null)).toBe(true);
    },
  );
});
