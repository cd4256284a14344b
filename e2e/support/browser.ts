// Debian's Chromium driven by playwright-core, and the steps most specs share.
import { chromium, type Browser, type Page } from 'playwright-core';
import { LOGIN_URLS, SPEC_LOGIN_HEADERS } from './address';
import { CAPTCHA_ANSWER } from './server';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const DEMO_PASSWORD = 'demo1234';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const routed = new WeakSet<Page>();

/** The page's sign-ins carry this spec process's address (support/address.ts), however its context was made. */
export async function signInFromSpecAddress(page: Page) {
  if (routed.has(page)) return;
  routed.add(page);
  await page.route(LOGIN_URLS, (route) =>
    route.continue({ headers: { ...route.request().headers(), ...SPEC_LOGIN_HEADERS } }),
  );
}

/** Fills the real login form (captcha on, with the test-only fixed answer) and waits for the app. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD) {
  await signInFromSpecAddress(page);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/app\//);
  await dismissLoginAlert(page);
}

/** The demo data has a common login alert; a fresh browser shows it once after login. */
export async function dismissLoginAlert(page: Page) {
  const enter = page.getByRole('button', { name: 'Enter' });
  await enter.click({ timeout: 5000 }).catch(() => undefined);
  // The modal animates out; wait until it is gone so later checks see the page itself.
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
}
