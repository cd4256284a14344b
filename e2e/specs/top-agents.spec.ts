import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';
import { sellingOffice, type SellingOffice } from '../support/office-stats';

// Everything ranked here was sold by the spec's own agent on the spec's own site.
let browser: Browser;
let data: SellingOffice;
before(async () => {
  browser = await launchBrowser();
  data = await sellingOffice(await apiLogin('super'));
});
after(async () => {
  await browser.close();
});

const table = (page: Page, name: string) => page.getByRole('table', { name });
/** Waits until the table's first row reads `want` (the table answers asynchronously after a search). */
async function firstRow(page: Page, name: string, want: string[]) {
  const settled = table(page, name).and(page.locator('[aria-busy="false"]'));
  let got: string[] = [];
  for (let i = 0; i < 50; i++) {
    await settled.waitFor();
    got = (await settled.locator('tbody tr').first().locator('td').allInnerTexts()).map((t) => t.trim());
    if (got.join('|') === want.join('|')) return;
    await page.waitForTimeout(200);
  }
  assert.deepEqual(got, want, `first row of ${name}`);
}

async function chooseSite(page: Page) {
  await page.getByRole('combobox', { name: 'Sites' }).fill(data.site.sitename);
  await page.getByRole('option', { name: data.site.sitename }).click();
  await page.keyboard.press('Escape');
}

describe('top agents', () => {
  it('ranks the agents of a site this week for an admin, then its offices for this month', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/stats/top-agents');
    await page.getByRole('heading', { name: 'Top agents', level: 1 }).waitFor();
    await table(page, 'Top 10 Agents').waitFor();
    await chooseSite(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/siteIds=/);
    await page.getByText(new RegExp(`Sites: ${data.site.sitename} · By agent`)).waitFor();
    const label = `${data.agent.username} (Test Agent)`;
    await table(page, 'Top 10 Agents').getByText(label).waitFor();
    await firstRow(page, 'Top 10 Agents', ['1', data.office.officeName, label, String(data.sales)]);
    await firstRow(page, 'All Agents', ['1', data.office.officeName, label, String(data.sales)]);
    assert.equal(await table(page, 'Top 10 Agents').locator('tbody tr[data-highlight]').count(), 1);

    await page.getByRole('combobox', { name: 'Choose payout period' }).click();
    await page.getByRole('option', { name: 'This month', exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/· By office$/).waitFor();
    await table(page, 'Top 10 Offices').getByText(data.office.officeName).waitFor();
    await firstRow(page, 'Top 10 Offices', ['1', data.office.officeName, String(data.sales)]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^top-agents-company-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    assert.deepEqual(csv.split('\r\n').slice(0, 3), [
      'No,Office,Sales',
      `1,${data.office.officeName},${data.sales}`,
      '',
    ]);

    await page.getByLabel('Print version').check({ force: true });
    await page.getByRole('search', { name: 'Load statistics' }).waitFor({ state: 'detached' });
    await table(page, 'All Offices').getByText(data.office.officeName).waitFor();
    await page.close();
  });

  it("shows an office the shared ranking without each agent's office; an agent cannot open it", async () => {
    const page = await newPage(browser);
    await openSignedIn(page, data.office.username, '/app/stats/top-agents');
    await chooseSite(page);
    await page.getByRole('button', { name: 'Search' }).click();
    const label = `${data.agent.username} (Test Agent)`;
    await table(page, 'Top 10 Agents').getByText(label).waitFor();
    await firstRow(page, 'Top 10 Agents', ['1', label, String(data.sales)]);
    assert.equal(await table(page, 'Top 10 Agents').getByRole('columnheader', { name: 'Office' }).count(), 0);

    await page.goto(`/app/stats/top-agents?start=2001-01-01&end=2001-01-03&siteIds=${data.site.id}`);
    assert.equal((await page.getByText('No statistics for selected period').count()) >= 0, true);
    await table(page, 'All Agents').getByText('No statistics for selected period').waitFor();
    await page.close();

    const agentPage = await newPage(browser);
    await openSignedIn(agentPage, data.agent.username, '/app/stats/top-agents');
    await agentPage.waitForURL(/\/app\/home$/);
    await agentPage.close();
  });
});
