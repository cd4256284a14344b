import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CONTEXT, launchBrowser, openSignedIn, STEP_TIMEOUT_MS } from '../support/browser';

// Nothing is written: the save is refused and the edit pages only read.
let browser: Browser;
let page: Page;
before(async () => {
  browser = await launchBrowser();
  // A short screen, so the Username field is out of sight when Save is pressed.
  const context = await browser.newContext({ ...CONTEXT, viewport: { width: 1280, height: 560 } });
  page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await openSignedIn(page, 'super', '/app/offices/create');
});
after(async () => {
  await browser.close();
});

describe('a refused save', () => {
  it('says so at the top and brings the first field error into view and focus', async () => {
    await page.goto('/app/offices/create');
    await page.getByLabel('Office Name').fill('Duplicate');
    await page.getByLabel('Username').fill('office1');
    await page.getByLabel('Manager First Name').fill('A');
    await page.getByLabel('Manager Last Name').fill('B');
    await page.getByLabel(/^Password/).fill('pass1234');
    await page.getByLabel('Confirm Password').fill('pass1234');
    const save = page.getByRole('button', { name: 'Save' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await page.getByText('This username is already taken').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Please correct the marked fields' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'username');
    const inView = await page.getByLabel('Username').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    assert.equal(inView, true, 'the Username field is on screen');
  });
});

describe('edit pages for an id that is not there', () => {
  for (const path of [
    '/app/offices/edit/abc',
    '/app/offices/edit/99999999',
    '/app/offices/edit/3000000000',
  ]) {
    it(`${path} shows the not-found state, not a form`, async () => {
      const asked: string[] = [];
      const listen = (req: { url: () => string }) => void asked.push(req.url());
      page.on('request', listen);
      await page.goto(path);
      await page.getByText('This record was not found.').waitFor();
      page.off('request', listen);
      assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
      assert.deepEqual(
        asked.filter((u) => /\/api\/offices\/(NaN|abc)/.test(u)),
        [],
        'no call for a malformed id',
      );
    });
  }

  it('/app/admins/edit/abc shows the same state', async () => {
    await page.goto('/app/admins/edit/abc');
    await page.getByText('This record was not found.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
  });
});
