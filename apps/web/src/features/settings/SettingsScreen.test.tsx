import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/queryClient';
import { i18n, initI18n } from '../../i18n/i18n';
import { TestId } from '../../testIds';
import { SettingsScreen } from './SettingsScreen';

function renderSettings() {
  const router = createMemoryRouter([{ path: '/user/setting', element: <SettingsScreen /> }], {
    initialEntries: ['/user/setting'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the settings', () => {
  it("lists the spec's entries: change password, modify user information, language, about us and log out", () => {
    renderSettings();
    const changePassword = screen.getByTestId(TestId.settingsChangePassword);
    expect(changePassword.textContent).toContain('Change password');
    expect(changePassword.getAttribute('href')).toBe('/user/editSafePassword');
    const userInfo = screen.getByTestId(TestId.settingsUserInfo);
    expect(userInfo.textContent).toContain('Modify user information');
    expect(userInfo.getAttribute('href')).toBe('/user/setUserInfo');
    expect(screen.getByTestId(TestId.settingsLanguage).textContent).toContain('Language');
    expect(screen.getByTestId(TestId.settingsAbout).textContent).toContain('About us');
    expect(screen.getByTestId(TestId.settingsAbout).getAttribute('href')).toBe(
      '/user/textDetail?slug=about-us',
    );
    expect(screen.getByTestId(TestId.settingsLogout).textContent).toContain('Log out');
  });
});
