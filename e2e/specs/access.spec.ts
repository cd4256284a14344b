import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

// Reads demo rows only: each role types the address of a screen it may not open.
const NO_ACCESS = 'You do not have access to that page';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** Types `path`, lands on Home, and sees the note saying why. */
async function refused(page: Page, path: string) {
  await page.goto(path);
  await page.waitForURL(/\/app\/home$/);
  await page.getByRole('alert').filter({ hasText: NO_ACCESS }).waitFor();
}

describe('a screen the role may not open', () => {
  it('an agent typing /app/offices lands on Home with a note saying so', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'agent01');
    await refused(page, '/app/offices');
    assert.equal(await page.getByRole('heading', { name: 'Offices' }).count(), 0);
    await page.close();
  });

  it('an admin typing a superadmin tab of its own section is told too; its tabs show only its own', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'admin');
    await refused(page, '/app/settings/options');
    await page.goto('/app/settings/black-list-ip');
    const tabs = page.getByRole('navigation', { name: 'Section' });
    await tabs.getByRole('link', { name: 'Black List Ip' }).waitFor();
    assert.equal(await tabs.getByRole('link', { name: 'System Options' }).count(), 0);
    await page.close();
  });

  it('a screen the role may open says nothing of the kind', async () => {
    const page = await newPage(browser);
    await loginAs(page, 'office1');
    await page.goto('/app/logs/login');
    await page.getByRole('heading', { name: 'Login Logs' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Section' })
      .getByRole('link', { name: 'Chat Logs' })
      .waitFor();
    assert.equal(await page.getByText(NO_ACCESS).count(), 0);
    await page.close();
  });
});
