import type { IdentityView, PublicUser } from '@kestrel/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { currentNotice } from '../../components/notice/noticeStore';
import { i18n, initI18n, switchLanguage } from '../../i18n/i18n';
import { saveSignIn } from '../../session/storage';
import { TestId } from '../../testIds';
import { IdentityScreen } from './IdentityScreen';

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
  identityStatus: 'uncertified',
};

const submission = {
  documentType: 'id_card',
  realName: 'Ann Lee',
  documentNumberMasked: 'AB****89',
  nation: 'DE',
  address: '1 Main Street, Berlin',
  frontUrl: '/api/uploads/11111111-1111-4111-8111-111111111111',
  backUrl: '/api/uploads/22222222-2222-4222-8222-222222222222',
  submittedAt: '2026-01-02T10:00:00.000Z',
  reviewedAt: null,
  rejectionReason: null,
} satisfies IdentityView['submission'];

let view: IdentityView;
let uploaded: { id: string; purpose: string }[];
let submitted: unknown[];
/** When set, the server refuses the next submission because another one is already under certification. */
let refuseAsUnderReview: boolean;

function envelope(data: unknown, code = 0, msg = 'ok', status = 200) {
  return new Response(JSON.stringify({ code, msg, data }), { status });
}

/** The server as the screen sees it: the identity view, uploads with fresh ids, and a submission. */
async function fakeServer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/user/info')) return envelope(user);
  if (url.endsWith('/api/user/identity') && method === 'GET') return envelope(view);
  if (url.endsWith('/api/user/identity') && method === 'POST') {
    if (refuseAsUnderReview) {
      view = { status: 'submitted', submission };
      return envelope(null, 3102, 'Your documents are under certification. Please wait for the result.', 409);
    }
    const body = JSON.parse(String(init?.body));
    submitted.push(body);
    view = { status: 'submitted', submission: { ...submission, documentType: body.documentType } };
    return envelope(view);
  }
  if (url.endsWith('/api/uploads') && method === 'POST') {
    const form = init?.body as FormData;
    const id = `00000000-0000-4000-8000-00000000000${uploaded.length + 1}`;
    uploaded.push({ id, purpose: String(form.get('purpose')) });
    return envelope({
      id,
      purpose: 'identity',
      mime: 'image/jpeg',
      bytes: 3,
      width: 1,
      height: 1,
      url: `/api/uploads/${id}`,
      createdAt: '2026-01-02T10:00:00.000Z',
    });
  }
  if (url.includes('/api/uploads/')) return new Response(new Blob(['jpg'], { type: 'image/jpeg' }));
  return envelope(null, 404, 'Not found', 404);
}

function renderScreen() {
  saveSignIn('tok-1', user);
  const router = createMemoryRouter([{ path: '/user/identification', element: <IdentityScreen /> }], {
    initialEntries: ['/user/identification'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

const photo = (name: string) => new File(['jpg'], name, { type: 'image/jpeg' });
const posts = () => submitted;

/** Pasted rather than typed: every keystroke re-renders the form, which is slow in happy-dom. */
async function enter(ui: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await ui.click(field);
  await ui.paste(text);
}

async function fillDetails(ui: ReturnType<typeof userEvent.setup>) {
  await enter(ui, await screen.findByLabelText('Real name'), 'Ann Lee');
  await enter(ui, screen.getByTestId(TestId.identityDocumentNumber), 'ab 1234 5689');
  await ui.click(screen.getByTestId(TestId.identityNation));
  const sheet = await screen.findByTestId(TestId.identityCountrySheet);
  await enter(ui, within(sheet).getByTestId(TestId.identityCountrySearch), 'germ');
  // By text rather than by role: naming every button of a long list is slow.
  await ui.click(within(sheet).getByText('Germany'));
  await enter(ui, screen.getByLabelText('Address'), '1 Main Street, Berlin');
}

async function upload(ui: ReturnType<typeof userEvent.setup>, testId: string, file: File) {
  const count = uploaded.length;
  await ui.upload(screen.getByTestId(testId), file);
  await waitFor(() => expect(uploaded).toHaveLength(count + 1));
  await waitFor(() => expect((screen.getByTestId(testId) as HTMLInputElement).disabled).toBe(false));
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  view = { status: 'uncertified', submission: null };
  uploaded = [];
  submitted = [];
  refuseAsUnderReview = false;
  vi.spyOn(window, 'fetch').mockImplementation(fakeServer);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  await switchLanguage('en-US');
});

// Each of these renders the whole country list in happy-dom, which takes a while on a busy machine.
describe('the verification form', { timeout: 15_000 }, () => {
  it('asks for the back of an ID card, but not of a passport', async () => {
    const ui = renderScreen();
    await fillDetails(ui);
    await upload(ui, TestId.identityFrontInput, photo('front.jpg'));
    await ui.click(screen.getByTestId(TestId.identitySubmit));

    expect(await screen.findByText('Please upload the back of the ID card')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    await ui.click(screen.getByTestId(TestId.identityTypePassport));
    expect(screen.queryByTestId(TestId.identityBackInput)).toBeNull();
    expect(screen.getByLabelText('Passport number')).toBeTruthy();
    // The ID card's front is not the passport's photo page: it is asked for again.
    expect(await screen.findByText('Please upload the front of the document')).toBeTruthy();
    await upload(ui, TestId.identityFrontInput, photo('photo-page.jpg'));
    await ui.click(screen.getByTestId(TestId.identitySubmit));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      documentType: 'passport',
      frontUploadId: uploaded[1]?.id,
      backUploadId: null,
    });
    expect(screen.queryByText('Please upload the back of the ID card')).toBeNull();
  });

  it('shows what is missing and sends nothing', async () => {
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.identitySubmit));

    expect(await screen.findByText('Please enter your real name')).toBeTruthy();
    expect(screen.getByText('Please choose your nation')).toBeTruthy();
    expect(screen.getByText('Please upload the front of the document')).toBeTruthy();
    expect(screen.getByTestId(TestId.identityNation).getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('uploads both sides and submits their ids, then waits under certification', async () => {
    const ui = renderScreen();
    await fillDetails(ui);
    await upload(ui, TestId.identityFrontInput, photo('front.jpg'));
    await upload(ui, TestId.identityBackInput, photo('back.jpg'));
    await ui.click(screen.getByTestId(TestId.identitySubmit));

    await waitFor(() => expect(currentNotice()?.message).toBe('Submitted successfully, please be patient'));
    expect(uploaded.map((entry) => entry.purpose)).toEqual(['identity', 'identity']);
    expect(posts()).toEqual([
      {
        documentType: 'id_card',
        realName: 'Ann Lee',
        documentNumber: 'AB12345689',
        nation: 'DE',
        address: '1 Main Street, Berlin',
        frontUploadId: uploaded[0]?.id,
        backUploadId: uploaded[1]?.id,
      },
    ]);
    const status = await screen.findByTestId(TestId.identityStatus);
    await waitFor(() => expect(status.getAttribute('data-status')).toBe('submitted'));
    expect(screen.queryByTestId(TestId.identityForm)).toBeNull();
  });

  it('refuses a photo over 10 MB without sending it', async () => {
    const ui = renderScreen();
    const huge = photo('huge.jpg');
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await ui.upload(await screen.findByTestId(TestId.identityFrontInput), huge);

    await waitFor(() =>
      expect(currentNotice()?.message).toBe('The image is too large. The maximum is 10 MB.'),
    );
    expect(uploaded).toHaveLength(0);
  });

  it('shows the server reason for a refusal and then what the server holds', async () => {
    refuseAsUnderReview = true;
    const ui = renderScreen();
    await fillDetails(ui);
    await upload(ui, TestId.identityFrontInput, photo('front.jpg'));
    await upload(ui, TestId.identityBackInput, photo('back.jpg'));
    await ui.click(screen.getByTestId(TestId.identitySubmit));

    await waitFor(() =>
      expect(currentNotice()?.message).toBe(
        'Your documents are under certification. Please wait for the result.',
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId(TestId.identityStatus).getAttribute('data-status')).toBe('submitted'),
    );
  });

  it('searches countries in the language the app is shown in', async () => {
    await switchLanguage('de');
    const ui = renderScreen();
    await ui.click(await screen.findByTestId(TestId.identityNation));
    const sheet = await screen.findByTestId(TestId.identityCountrySheet);
    const search = within(sheet).getByTestId(TestId.identityCountrySearch);

    await enter(ui, search, 'österr');
    expect(
      within(sheet)
        .getAllByTestId(TestId.identityCountryOption)
        .map((option) => option.textContent),
    ).toEqual(['ÖsterreichAT']);

    await ui.clear(search);
    await ui.paste('ch');
    const [first] = within(sheet).getAllByTestId(TestId.identityCountryOption);
    expect(first?.getAttribute('data-country')).toBe('CH');
    expect(first?.textContent).toContain('Schweiz');

    await ui.click(first as HTMLElement);
    expect(screen.getByTestId(TestId.identityNation).textContent).toContain('Schweiz');
  });
});

describe('the verification status', () => {
  it('shows the reviewer reason after a rejection, with the form filled from the last submission', async () => {
    view = {
      status: 'failed',
      submission: {
        ...submission,
        reviewedAt: '2026-01-03T10:00:00.000Z',
        rejectionReason: 'The photo is blurred',
      },
    };
    renderScreen();

    const status = await screen.findByTestId(TestId.identityStatus);
    expect(status.getAttribute('data-status')).toBe('failed');
    expect(within(status).getByText('Verification failed')).toBeTruthy();
    expect(screen.getByTestId(TestId.identityReason).textContent).toBe('The photo is blurred');
    expect((screen.getByLabelText('Real name') as HTMLInputElement).value).toBe('Ann Lee');
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('1 Main Street, Berlin');
    expect(screen.getByTestId(TestId.identityNation).textContent).toContain('Germany');
    // The number and the photos are entered again.
    expect((screen.getByTestId(TestId.identityDocumentNumber) as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId(TestId.identitySubmit).textContent).toBe('Submit again');
  });

  it('waits calmly under certification, with the number masked and no form', async () => {
    view = { status: 'submitted', submission };
    renderScreen();

    const status = await screen.findByTestId(TestId.identityStatus);
    expect(within(status).getByText('Under certification')).toBeTruthy();
    expect(screen.getByTestId(TestId.identityMaskedNumber).textContent).toBe('AB****89');
    expect(screen.getByText('1 Main Street, Berlin')).toBeTruthy();
    expect(screen.getByText('Germany')).toBeTruthy();
    expect(screen.queryByTestId(TestId.identityForm)).toBeNull();
    expect(screen.queryByTestId(TestId.identityReason)).toBeNull();
  });

  it('shows a verified identity without any way to change it', async () => {
    view = { status: 'verified', submission: { ...submission, reviewedAt: '2026-01-03T10:00:00.000Z' } };
    renderScreen();

    const status = await screen.findByTestId(TestId.identityStatus);
    expect(status.getAttribute('data-status')).toBe('verified');
    expect(within(status).getByText('Verified')).toBeTruthy();
    expect(screen.getByTestId(TestId.identityMaskedNumber).textContent).toBe('AB****89');
    expect(screen.getByText('Verified on')).toBeTruthy();
    expect(screen.queryByTestId(TestId.identityForm)).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });

  it('invites an uncertified user to verify', async () => {
    renderScreen();
    const status = await screen.findByTestId(TestId.identityStatus);
    expect(within(status).getByText('Uncertified')).toBeTruthy();
    expect(screen.getByTestId(TestId.identityForm)).toBeTruthy();
    expect(screen.getByTestId(TestId.identitySubmit).textContent).toBe('Submit');
  });
});
