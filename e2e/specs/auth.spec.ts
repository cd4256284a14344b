import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { CONTEXT, launchBrowser, loginAs, newPage } from '../support/browser';
import { CAPTCHA_ANSWER } from '../support/server';
import { api, apiLogin } from '../support/api';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('login', () => {
  it('refuses a wrong captcha, reloads it and shows the error in the form box', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    const captcha = page.getByRole('img', { name: /captcha/i });
    await captcha.waitFor();
    const firstImage = await captcha.getAttribute('src');
    await page.getByLabel('Username').fill('super');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByLabel('Captcha', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Login' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /captcha/i })
      .waitFor();
    assert.notEqual(await captcha.getAttribute('src'), firstImage, 'the captcha was reloaded');
    assert.match(page.url(), /\/login/);
  });

  it('a stale token in storage neither hides the captcha nor fails the first login', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    const me = { accountId: 1, agentId: null, companyId: null, role: 0, username: 'super', permissions: [] };
    await page.evaluate(
      (stale) => {
        localStorage.setItem('token', 'expired.or.forged.token');
        localStorage.setItem('me', JSON.stringify(stale));
      },
      { ...me, officeName: null, canDelete: true },
    );
    const publicCalls: { url: string; auth: string | undefined }[] = [];
    page.on('request', (req) => {
      if (/\/api\/(captcha|brand|auth\/login)\b/.test(req.url()))
        publicCalls.push({ url: req.url(), auth: req.headers().authorization });
    });
    await page.goto('/login');
    await page.getByRole('img', { name: /captcha/i }).waitFor();
    await page.getByLabel('Username').fill('super');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/app\//);
    assert.ok(publicCalls.some((c) => c.url.includes('/api/auth/login')));
    assert.deepEqual(
      publicCalls.filter((c) => c.auth),
      [],
      'public calls carry no token',
    );
    await page.close();
  });

  it('sends an anonymous visitor to /login with returnUrl and back after login', async () => {
    const page = await newPage(browser);
    await page.goto('/app/offices');
    await page.waitForURL(/\/login\?returnUrl=/);
    await page.getByLabel('Username').fill('super');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/app\/offices/);
  });

  it('shows the shell: user, Eastern clock, menu by role; logout returns to /login', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'agent01');
    await page.getByText('User: agent01').waitFor();
    await page
      .getByText(/\b(EDT|EST)\b/)
      .first()
      .waitFor();
    assert.equal(await page.getByRole('link', { name: 'Offices' }).count(), 0, 'agents do not see Offices');
    await page.getByRole('button', { name: /logout/i }).click();
    await page.waitForURL(/\/login/);
  });

  it('shows the common login alert once; after Enter it stays read', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Username').fill('office2');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Payroll for the last half-month is out.').waitFor();
    await page.getByRole('button', { name: 'Enter' }).click();
    await page.reload();
    await page.getByText('User: office2').waitFor();
    assert.equal(await page.getByText('Payroll for the last half-month is out.').count(), 0);
  });

  it('links to forgot and back', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Lost Your Password?' }).click();
    await page.waitForURL(/\/forgot/);
    await page.getByRole('link', { name: "I didn't forget, let me log in!" }).click();
    await page.waitForURL(/\/login/);
  });

  it('forgot: submits username and email, then goes to /login', async () => {
    const page = await newPage(browser);
    await page.goto('/forgot');
    await page.getByLabel('Username').fill('agent02');
    await page.getByLabel('Email').fill('agent02@example.com');
    await page.getByRole('button', { name: 'Forgot' }).click();
    await page.waitForURL(/\/login/);
  });

  it("remote login: an admin's one-time link logs in as the agent and leaves the address bar clean", async () => {
    const superToken = await apiLogin('super');
    const me = await api<{ accountId: number }>(await apiLogin('agent03'), 'GET', 'accounts/me');
    const { token } = await api<{ token: string }>(superToken, 'POST', 'auth/remote-token', {
      accountId: me.accountId,
    });
    const page = await newPage(browser);
    await page.goto(`/remote-login?token=${encodeURIComponent(token)}`);
    await page.waitForURL(/\/app\/home/);
    assert.doesNotMatch(page.url(), /token=/);
    await page.getByText('User: agent03').waitFor();
    const again = await newPage(browser);
    await again.goto(`/remote-login?token=${encodeURIComponent(token)}`);
    await again.waitForURL(/\/login/);
  });

  it('on a phone the menu hides behind the toggle', async () => {
    const context = await browser.newContext({ ...CONTEXT, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await loginAs(page, 'office1');
    const agents = page.getByRole('link', { name: 'Agents' });
    // The collapsed menu slides off-screen, so "in the viewport" is what tells it apart.
    const onScreen = async () => ((await agents.boundingBox())?.x ?? -1) >= 0;
    assert.equal(await onScreen(), false);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.waitForFunction(() => {
      const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Agents');
      return !!link && link.getBoundingClientRect().x >= 0;
    });
    assert.equal(await onScreen(), true);
    await context.close();
  });
});
