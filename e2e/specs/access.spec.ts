import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { NOTE_LIFETIME_MS } from '@salesdesk/contract';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

// Reads demo rows only: each role types the address of a screen it may not open.
const NO_ACCESS = 'You do not have access to that page';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** Signed in as `username`, opens `path`, lands on Home, and sees the note saying why, still there once Home has loaded. */
async function refused(page: Page, username: string, path: string) {
  await openSignedIn(page, username, path);
  await page.waitForURL(/\/app\/home$/);
  const note = page.getByRole('alert').filter({ hasText: NO_ACCESS });
  await note.waitFor();
  await page.getByRole('heading', { name: 'Home' }).waitFor();
  await page.waitForTimeout(NOTE_LIFETIME_MS + 500); // a toast would have gone by now
  assert.ok(await note.isVisible());
  const box = await note.boundingBox();
  const view = page.viewportSize();
  assert.ok(box && view && box.y >= 0 && box.y + box.height <= view.height, 'the note is on the screen');
  await note.getByRole('button', { name: 'Close' }).click();
  await note.waitFor({ state: 'detached' });
}

describe('a screen the role may not open', () => {
  it('an agent typing /app/offices lands on Home with a note saying so', async () => {
    const page = await newPage(browser);
    await refused(page, 'agent01', '/app/offices');
    assert.equal(await page.getByRole('heading', { name: 'Offices' }).count(), 0);
    await page.close();
  });

  it('an admin typing a superadmin tab of its own section is told too; its tabs show only its own', async () => {
    const page = await newPage(browser);
    await refused(page, 'admin', '/app/settings/options');
    await page.goto('/app/settings/black-list-ip');
    const tabs = page.getByRole('navigation', { name: 'Section' });
    await tabs.getByRole('link', { name: 'Black List Ip' }).waitFor();
    assert.equal(await tabs.getByRole('link', { name: 'System Options' }).count(), 0);
    await page.close();
  });

  it('an office typing /app/review and admin2 typing /app/settings/options are told so on Home', async () => {
    const office = await newPage(browser);
    await refused(office, 'office1', '/app/review');
    await office.close();
    const admin2 = await newPage(browser);
    await refused(admin2, 'admin2', '/app/settings/options');
    await admin2.close();
  });

  it('a screen the role may open says nothing of the kind', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'office1', '/app/logs/login');
    await page.getByRole('heading', { name: 'Login Logs' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Section' })
      .getByRole('link', { name: 'Chat Logs' })
      .waitFor();
    assert.equal(await page.getByText(NO_ACCESS).count(), 0);
    await page.close();
  });
});
