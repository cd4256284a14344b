// New Agents. No call creates an unapproved agent yet (agents made through PUT agents are approved),
// and specs never change the shared demo rows: so this spec only reads the demo's unapproved agents
// (agent28..agent30) and cancels its confirmations. Approval itself is covered by the API tests
// (accounts/approval.test.ts) and the page's unit test (unapprove/unapproved-page.test.tsx).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let browser: Browser;
let page: Page;
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await loginAs(page, 'admin');
});
after(async () => {
  await browser.close();
});

const rows = () => page.locator('tbody tr');
const DEMO_UNAPPROVED = ['agent28', 'agent29', 'agent30'];

async function waitForUsernames(expected: string[]) {
  await page.waitForFunction((want) => {
    const cells = [...document.querySelectorAll('tbody tr td:nth-child(2)')].map(
      (td) => td.textContent ?? '',
    );
    return cells.filter((u) => /^agent\d+$/.test(u)).join() === want.join();
  }, expected);
}

describe('new agents (approval)', () => {
  it('the menu shows the unapproved count, and the list its agents with office and status', async () => {
    await page.goto('/app/home');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="unapproved-badge"]')?.textContent === '3 unapproved',
    );
    await page.getByRole('link', { name: /New Agents/ }).click();
    await page.getByRole('heading', { name: 'New Agents' }).waitFor();
    for (const header of ['Username', 'Office', 'Registered', 'Status'])
      await page.getByRole('columnheader', { name: new RegExp(`^${header}`) }).waitFor();
    const row = rows().filter({ hasText: 'agent28' });
    await row.waitFor();
    assert.match(await row.innerText(), /agent28\s+Davao Team\s+.*\s+Unapproved/s);
    assert.equal(await rows().filter({ hasText: 'Unapproved' }).count(), 3);
  });

  it('sorts by username both ways on the server', async () => {
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL(/sortField=username&sortAsc=true/);
    await waitForUsernames(DEMO_UNAPPROVED);
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL(/sortAsc=false/);
    await waitForUsernames([...DEMO_UNAPPROVED].reverse());
  });

  it('asks before approving a row or the selected agents; Cancel changes nothing', async () => {
    await page.getByRole('button', { name: 'Approve agent29' }).click();
    await page.getByText('Are you sure to approve agent?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByLabel('Select all').check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Are you sure to approve selected agents?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.reload();
    await rows().filter({ hasText: 'agent29' }).waitFor();
    assert.equal(await rows().filter({ hasText: 'Unapproved' }).count(), 3);
  });

  it('an office has no New Agents menu entry', async () => {
    const officePage = await newPage(browser);
    await loginAs(officePage, 'office1');
    await officePage.getByRole('link', { name: 'Agents', exact: true }).waitFor();
    assert.equal(await officePage.getByRole('link', { name: /New Agents/ }).count(), 0);
    await officePage.close();
  });
});
