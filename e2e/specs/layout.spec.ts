import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, createOffice, uniqueName } from '../support/api';
import { appAnswer, CONTEXT, launchBrowser, openSignedIn, STEP_TIMEOUT_MS } from '../support/browser';

// A laptop screen, and an office with the longest name and username the schema allows.
let browser: Browser;
let page: Page;
let longUsername: string;
before(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ ...CONTEXT, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  longUsername = uniqueName('wide').padEnd(32, 'x');
  await createOffice(await apiLogin('super'), {
    username: longUsername,
    officeName: `Office${'W'.repeat(100)}`,
  });
  await openSignedIn(page, 'super', '/app/offices?pageSize=100');
});
after(async () => {
  await browser.close();
});

/** The page does not scroll sideways, and the Actions header can be scrolled into view inside the table's box. */
async function assertFits() {
  const pageWidth = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  assert.ok(
    pageWidth.scroll <= pageWidth.inner,
    `page is ${pageWidth.scroll}px wide in ${pageWidth.inner}px`,
  );
  const actions = page.getByRole('columnheader', { name: 'Actions' });
  const reachable = await actions.evaluate((th) => {
    // Scroll the table's own box to the end, as a user would with its scroll bar.
    th.scrollIntoView({ block: 'nearest', inline: 'end' });
    const box = th.closest('[data-table-scroll]');
    if (!box) return 'no scroll box';
    const outer = box.getBoundingClientRect();
    const cell = th.getBoundingClientRect();
    const inBox = cell.left >= outer.left - 1 && cell.right <= outer.right + 1;
    const onScreen = cell.right <= window.innerWidth;
    return inBox && onScreen ? 'ok' : `cell ${cell.left}-${cell.right}, box ${outer.left}-${outer.right}`;
  });
  assert.equal(reachable, 'ok');
}

describe('lists fit a 1280 px screen', () => {
  it('offices: long names wrap or scroll inside the table, Actions reachable', async () => {
    await page.goto(`/app/offices?pageSize=100`);
    await page.getByText(longUsername).waitFor();
    await assertFits();
  });

  it('agents: Actions reachable and the page does not scroll sideways', async () => {
    const listed = appAnswer(page, 'POST', 'agents/search');
    await page.goto('/app/agents');
    await listed; // the rows come with the list's answer, however long a busy machine takes to give it
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('columnheader', { name: 'Actions' }).waitFor();
    await assertFits();
  });
});
