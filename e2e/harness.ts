import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';

const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
const SCREENSHOTS = new URL('../screenshots', import.meta.url).pathname;

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startMailbox() {
  const messages: { to: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      stream.on('end', () => {
        for (const recipient of session.envelope.rcptTo) messages.push({ to: recipient.address, text });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The newest 6-digit code mailed to `to`, waiting for it to arrive. */
    async codeFor(to: string): Promise<string> {
      for (let attempt = 0; attempt < 100; attempt++) {
        const message = messages.findLast((item) => item.to === to);
        const code = message?.text.match(/\b\d{6}\b/)?.[0];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no code was mailed to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The whole server, in this process, serving the built user app on a free loopback port. */
export async function startKestrel(options: { smtpUrl?: string } = {}) {
  const sut: TestApp = await createTestApp({ smtpUrl: options.smtpUrl, webDist: WEB_DIST });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = sut.app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => sut.close() };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A phone: 390x844, touch, a fresh profile every time. */
export async function openPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

/** Keeps a screenshot of what a person would see, for the closing look at each screen. */
export async function snapshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}
