import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotice } from '../../components/notice/noticeStore';
import { initI18n } from '../../i18n/i18n';
import {
  answerReferral,
  type FakeReferralDesk,
  fakeReferralDesk,
  invitee,
} from '../../test/referralFixtures';
import { renderRoutes } from '../../test/render';
import { ShareScreen } from './ShareScreen';
import { ShareTestId } from './testIds';

let desk: FakeReferralDesk;
/** What the poster drew: every text and how many filled rectangles (the QR code's modules among them). */
let drawn: { texts: string[]; rects: number };
let toBlob: ReturnType<typeof vi.fn>;
let clicked: HTMLAnchorElement[];

function fakeServer(input: string | URL | Request, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  return Promise.resolve(
    answerReferral(desk, url, init) ??
      new Response(JSON.stringify({ code: 40_400, msg: 'Not found', data: null }), { status: 404 }),
  );
}

/** A 2D context that records what is drawn; the test browser has no canvas of its own. */
function recordingContext(): CanvasRenderingContext2D {
  const gradient = { addColorStop: () => undefined };
  const context = {
    createLinearGradient: () => gradient,
    fillRect: () => {
      drawn.rects += 1;
    },
    fillText: (text: string) => {
      drawn.texts.push(text);
    },
    measureText: (text: string) => ({ width: text.length * 16 }),
    beginPath: () => undefined,
    moveTo: () => undefined,
    arcTo: () => undefined,
    closePath: () => undefined,
    fill: () => undefined,
  };
  return context as unknown as CanvasRenderingContext2D;
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  desk = fakeReferralDesk();
  drawn = { texts: [], rects: 0 };
  clicked = [];
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    recordingContext as unknown as HTMLCanvasElement['getContext'],
  );
  toBlob = vi.fn((callback: BlobCallback) => callback(new Blob(['png'], { type: 'image/png' })));
  HTMLCanvasElement.prototype.toBlob = toBlob as unknown as HTMLCanvasElement['toBlob'];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  URL.createObjectURL = vi.fn(() => 'blob:poster');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'canShare');
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

const renderScreen = () => renderRoutes([{ path: '/home/share', element: <ShareScreen /> }], '/home/share');

describe('the share screen', () => {
  it('shows the invitation code, the registration link and its QR code, and copies each', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen();
    expect((await screen.findByTestId(ShareTestId.code)).textContent).toBe('KESTREL7');
    const link = `${window.location.origin}/user/register?inviteCode=KESTREL7`;
    expect(screen.getByTestId(ShareTestId.link).textContent).toBe(link);
    expect((await screen.findByTestId(ShareTestId.qr)).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    await userEvent.click(screen.getByTestId(ShareTestId.copyCode));
    expect(writeText).toHaveBeenLastCalledWith('KESTREL7');
    await userEvent.click(screen.getByTestId(ShareTestId.copyLink));
    expect(writeText).toHaveBeenLastCalledWith(link);
    expect(currentNotice()?.message).toBe('Copy successful');
  });

  it('shows the commission rate, the friends invited and what they earned', async () => {
    renderScreen();
    expect((await screen.findByTestId(ShareTestId.commissionRate)).textContent).toBe('20%');
    expect(screen.getByTestId(ShareTestId.invitees).textContent).toBe('31 verified');
    expect(screen.getByTestId(ShareTestId.earned).textContent).toBe('$12.50');
  });

  it('draws the poster with the brand, the line, the code and the QR code, and saves it as a PNG', async () => {
    renderScreen();
    const save = (await screen.findByTestId(ShareTestId.savePoster)) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(drawn.texts).toContain('Kestrel');
    expect(drawn.texts).toContain('Invitation code KESTREL7');
    expect(drawn.texts).toContain('Scan to sign up');
    expect(drawn.texts.join(' ')).toContain('Join me on Kestrel');
    // The background, the accent and the QR code's dark modules (a version 3 code has well over 100).
    expect(drawn.rects).toBeGreaterThan(100);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png');

    await userEvent.click(save);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('kestrel-invite-KESTREL7.png');
    expect(clicked[0]?.href).toBe('blob:poster');
    expect(currentNotice()?.message).toBe('Image saved');
    // Where the browser cannot share files, there is no Share button.
    expect(screen.queryByTestId(ShareTestId.sharePoster)).toBeNull();
  });

  it('shares the poster file through the system share sheet where the browser can', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'canShare', { value: () => true, configurable: true });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderScreen();
    await userEvent.click(await screen.findByTestId(ShareTestId.sharePoster));
    expect(share).toHaveBeenCalledTimes(1);
    const sent = (share.mock.calls[0] as unknown as [ShareData])[0];
    expect(sent.files?.[0]?.name).toBe('kestrel-invite-KESTREL7.png');
    expect(sent.files?.[0]?.type).toBe('image/png');
    expect(sent.text).toContain('/user/register?inviteCode=KESTREL7');
  });

  it('lists the invitees masked, with when they joined and whether verified, a page at a time', async () => {
    desk.pageSize = 2;
    renderScreen();
    await waitFor(() => expect(screen.getAllByTestId(ShareTestId.invitee)).toHaveLength(2));
    const [first, second] = screen.getAllByTestId(ShareTestId.invitee) as HTMLElement[];
    expect(first?.textContent).toContain('f***1@example.com');
    expect(first?.textContent).toContain('Not verified');
    expect(second?.textContent).toContain('Verified');
    expect(second?.textContent).toContain('1.25 USDT');
    await userEvent.click(screen.getByTestId(ShareTestId.loadMore));
    await waitFor(() => expect(screen.getAllByTestId(ShareTestId.invitee)).toHaveLength(3));
    expect(desk.pagesAsked.filter((asked) => asked.list === 'invitees')[1]?.query.get('cursor')).toBe(
      String(Date.parse(invitee(2).joinedAt)),
    );
    expect(screen.getByTestId(ShareTestId.listEnd)).toBeTruthy();
  });

  it('lists the commissions with their source, the invitee and the fee they came from', async () => {
    renderScreen();
    await userEvent.click(await screen.findByTestId(ShareTestId.tab('commissions')));
    await waitFor(() => expect(screen.getAllByTestId(ShareTestId.commission)).toHaveLength(2));
    const first = screen.getAllByTestId(ShareTestId.commission)[0] as HTMLElement;
    expect(first.textContent).toContain('Futures trading fee');
    expect(first.textContent).toContain('+1 USDT');
    expect(first.textContent).toContain('Fee \u20665 USDT\u2069');
    expect(within(first).getByText(/f\*\*\*2@example\.com/)).toBeTruthy();
  });

  it('says so when no friend has joined yet', async () => {
    desk.invitees = [];
    renderScreen();
    expect((await screen.findByTestId(ShareTestId.listEmpty)).textContent).toBe(
      'No friends yet. Share your link to invite them.',
    );
  });
});
