import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testIds';
import {
  byId,
  launchBrowser,
  logIn,
  openPhone,
  register,
  snapshot,
  startKestrel,
  startMailbox,
  storeArabic,
  waitForPath,
} from './harness';

let browser: Browser;
let kestrel: Awaited<ReturnType<typeof startKestrel>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

const account = `profile.${Date.now()}@example.com`;
const password = 'Profile2026x';
const newPassword = 'Changed2026x';

beforeAll(async () => {
  mailbox = await startMailbox();
  kestrel = await startKestrel({ smtpUrl: mailbox.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await kestrel?.close();
  await mailbox?.close();
});

/** How many notices on screen say this; an older notice may still be leaving as a new one arrives. */
function noticesSaying(page: Page, text: string) {
  return byId(page, TestId.notice).filter({ hasText: text }).count();
}

/** A landscape photo with a gradient, so the crop preview shows what it does. */
async function photo() {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / width) * 255);
      pixels[at + 1] = Math.round((y / height) * 180);
      pixels[at + 2] = 160;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

describe('profile and passwords in the browser', () => {
  it('changes the avatar through the crop preview and the nickname, then the passwords', async () => {
    const page = await openPhone(browser);
    await register(page, kestrel.baseUrl, mailbox, account, password);

    await byId(page, TestId.tabMine).click();
    await byId(page, TestId.minePersonalInfo).click();
    await waitForPath(page, '/user/setUserInfo');
    expect(await byId(page, TestId.profileEmail).textContent()).toMatch(/^pr\*\*\*@example\.com$/);

    await byId(page, TestId.profileAvatarInput).setInputFiles({
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await byId(page, TestId.profileCropper).waitFor();
    await snapshot(page, 'profile-crop-en-US');
    await byId(page, TestId.profileCropConfirm).click();
    await expect.poll(() => noticesSaying(page, 'Successfully modified')).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator(`[data-testid="${TestId.profileAvatar}"] img`).getAttribute('src'))
      .toMatch(/^blob:/);

    await byId(page, TestId.profileNickname).fill('<b>Kes</b>');
    await byId(page, TestId.profileSave).click();
    await expect.poll(() => noticesSaying(page, 'Successfully modified')).toBeGreaterThan(0);
    await snapshot(page, 'profile-en-US');

    await page.goto(`${kestrel.baseUrl}/user/index`);
    await expect.poll(() => byId(page, TestId.mineNickname).textContent()).toBe('<b>Kes</b>');

    await byId(page, TestId.mineSecurity).click();
    await waitForPath(page, '/user/editSafePassword');
    await byId(page, TestId.securityOldPassword).fill('wrong-pass1');
    await byId(page, TestId.securityNewPassword).fill(newPassword);
    await byId(page, TestId.securityConfirmPassword).fill(newPassword);
    await byId(page, TestId.securityLoginSubmit).click();
    await expect.poll(() => noticesSaying(page, 'Wrong password')).toBeGreaterThan(0);
    await byId(page, TestId.securityOldPassword).fill(password);
    await byId(page, TestId.securityLoginSubmit).click();
    await expect.poll(() => noticesSaying(page, 'Successfully modified')).toBeGreaterThan(0);
    await snapshot(page, 'security-login-en-US');

    await byId(page, TestId.securityTabSecurity).click();
    await byId(page, TestId.securityLoginPassword).fill(newPassword);
    await byId(page, TestId.securityNewSecurityPassword).fill('246810');
    await byId(page, TestId.securityConfirmSecurityPassword).fill('246810');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await byId(page, TestId.securityChangeForm).waitFor();
    await snapshot(page, 'security-change-en-US');
    await page.close();
  });

  it('shows both screens right to left in Arabic', async () => {
    const page = await openPhone(browser);
    await logIn(page, kestrel.baseUrl, account, newPassword);
    await storeArabic(page);

    await page.goto(`${kestrel.baseUrl}/user/setUserInfo`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => byId(page, TestId.profilePhone).textContent()).toBe('غير مرتبط');
    await expect
      .poll(() => page.locator(`[data-testid="${TestId.profileAvatar}"] img`).getAttribute('src'))
      .toMatch(/^blob:/);
    await snapshot(page, 'profile-ar');

    await page.goto(`${kestrel.baseUrl}/user/editSafePassword`);
    await byId(page, TestId.securityLoginSubmit).click();
    await expect.poll(() => page.getByText('يرجى إدخال كلمة المرور القديمة').count()).toBe(1);
    await snapshot(page, 'security-login-ar');
    await byId(page, TestId.securityTabSecurity).click();
    await byId(page, TestId.securityChangeForm).waitFor();
    await snapshot(page, 'security-change-ar');
    await page.close();
  });
});
