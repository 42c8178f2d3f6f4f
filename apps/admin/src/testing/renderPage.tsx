import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { saveToken } from '../api/storage';
import { ShownNotices } from '../app/ShownNotices';
import { i18n } from '../i18n/i18n';

/** A page of the console as a signed-in operator sees it, with the notices it shows. */
export function renderPage(page: ReactNode) {
  saveToken('adm_test');
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {page}
        <ShownNotices />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

export type UI = ReturnType<typeof userEvent.setup>;

/** The texts of every notice on screen. */
export const noticesShown = () =>
  screen
    .queryAllByTestId('notice')
    .map((notice) => notice.textContent)
    .join('\n');

/** Replaces what a field holds with this text, as typed. */
export async function retype(ui: UI, element: HTMLElement, text: string) {
  await ui.clear(element);
  if (text) await ui.type(element, text);
}
