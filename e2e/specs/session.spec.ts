import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createOffice, apiLogin } from '../support/api';
import {
  BASE_URL,
  CHROMIUM_PATH,
  CONTEXT,
  launchBrowser,
  loginAs,
  newPage,
  STEP_TIMEOUT_MS,
} from '../support/browser';

// Reads demo rows only; the office whose password must vanish is the spec's own.
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** Every /api request from now on but the public ones a login page makes (brand, captcha). */
function watchApi(page: Page): { url: string; auth?: string }[] {
  const seen: { url: string; auth?: string }[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (url.includes('/api/') && !/\/api\/(brand|captcha)\b/.test(url))
      seen.push({ url: url.replace(/^.*\/api\//, ''), auth: req.headers().authorization });
  });
  return seen;
}

/** An office whose plain-text password the offices list shows to a superadmin. */
async function officeWithPassword() {
  return createOffice(await apiLogin('super'), { password: 'Secret9876', passwordConfirm: 'Secret9876' });
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

describe('session', () => {
  it('after logout, Back shows no screen of the previous user and nothing polls with the old token', async () => {
    const office = await officeWithPassword();
    const page = await newPage(browser);
    await loginAs(page, 'super');
    await page.goto(`/app/offices?username=${office.username}`);
    await page.getByText('Secret9876').waitFor();
    const token = await storedToken(page);
    const afterLogout = watchApi(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
    await page.goBack();
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // The unapproved badge polled every 5 s: wait past one period.
    await page.waitForTimeout(6000);
    assert.equal(await page.getByText('Secret9876').count(), 0, 'the password is not shown');
    assert.equal(await page.getByRole('heading', { name: 'Offices' }).count(), 0);
    assert.deepEqual(
      afterLogout,
      [{ url: 'auth/logout', auth: `Bearer ${token}` }],
      'only the logout itself: nothing polls or reloads after it',
    );
    assert.equal(await storedToken(page), '');
    await page.goForward().catch(() => undefined);
    await page.waitForURL(/\/login/);
    assert.equal(await page.getByText('Secret9876').count(), 0);
    await page.close();
  });

  it('Back into a page kept by the back-forward cache after a logout elsewhere shows nothing of it', async () => {
    // Playwright turns the cache off by default; a real browser keeps it on.
    const cached = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const office = await officeWithPassword();
      const page = await (await cached.newContext(CONTEXT)).newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await loginAs(page, 'super');
      await page.goto(`/app/offices?username=${office.username}`);
      await page.getByText('Secret9876').waitFor();
      // A new document (typed address), where the user logs out.
      await page.goto('/app/profile');
      // The logout call leaves after the screen has gone: wait for its answer, so it is not taken for the restored page's.
      const loggedOut = page.waitForResponse((res) => res.url().endsWith('/api/auth/logout'));
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/login$/);
      await loggedOut;
      const token = await storedToken(page);
      assert.equal(token, '');
      const calls = watchApi(page);
      // A page restored from the cache fires pageshow, not load.
      await page.goBack({ waitUntil: 'commit' });
      await page.waitForURL(/\/login/, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.waitForTimeout(6000);
      assert.equal(await page.getByText('Secret9876').count(), 0, 'the old list is gone');
      assert.deepEqual(calls, [], 'the restored page calls nothing with its old session');
    } finally {
      await cached.close();
    }
  });

  it('fetches GET accounts/me once per page load', async () => {
    const page = await newPage(browser);
    const meCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/accounts/me')) meCalls.push(req.url());
    });
    await loginAs(page, 'office1');
    await page.getByText('User: office1').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(meCalls.length, 1, 'login asks once');
    meCalls.length = 0;
    await page.reload();
    await page.getByText('User: office1').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(meCalls.length, 1, 'a reload asks once');
    const brand = (await (await fetch(`${BASE_URL}/api/brand`)).json()) as { displayName: string };
    assert.match(await page.title(), new RegExp(`${brand.displayName}$`), 'the tab title names the brand');
    meCalls.length = 0;
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('heading', { name: 'Agents', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(meCalls.length, 0, 'moving inside the app asks again for nothing');
    await page.close();
  });
});

describe('screens follow the menu rules', () => {
  it('an agent typing /app/offices lands on /app/home', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'agent01');
    await page.goto('/app/offices');
    await page.waitForURL(/\/app\/home$/);
    await page.getByText('User: agent01').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Offices' }).count(), 0);
    await page.goto('/app/agents/create');
    await page.waitForURL(/\/app\/home$/);
    await page.close();
  });

  it('an office typing /app/offices/create or /app/admins lands on /app/home; its own agents open', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'office1');
    for (const path of ['/app/offices/create', '/app/offices', '/app/admins', '/app/migration']) {
      await page.goto(path);
      await page.waitForURL(/\/app\/home$/);
    }
    await page.goto('/app/agents');
    await page.getByRole('heading', { name: 'Agents', exact: true }).waitFor();
    assert.match(page.url(), /\/app\/agents$/);
    await page.close();
  });
});
