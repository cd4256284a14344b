// Migration changes the demo's waiting agents (mig01..mig04 become agents of the demo offices): no other
// spec reads them or the demo offices' agent counts. It is the only spec that migrates.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

let browser: Browser;
let page: Page;
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'admin', '/app/migration');
});
after(async () => {
  await browser.close();
});

const count = () => page.getByTestId('migration-count');
const button = () => page.getByRole('button', { name: 'Migrate agents from old server' });

describe('migration', () => {
  it('shows the agents waiting, migrates them after the confirmation, and the count becomes 0', async () => {
    await page.goto('/app/migration');
    await page.getByRole('heading', { name: 'Migration' }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="migration-count"]')?.textContent === '4',
    );
    assert.equal(await button().isDisabled(), false);

    await button().click();
    await page.getByText('Are you sure to migrate agents from old server?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Operation Complete').waitFor();
    await page.getByText('Migrated agents: 4. Skipped: 0.').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="migration-count"]')?.textContent === '0',
    );
    assert.equal(await button().isDisabled(), true, 'nothing left to migrate');
    assert.equal(await count().innerText(), '0');

    // The migrated agents log in with the password they had on the old server.
    await apiLogin('mig01');
  });
});
