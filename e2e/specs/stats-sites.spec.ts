import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';
import { statsData, type StatsData } from '../support/stats-data';
import {
  bodyRows,
  cell,
  choose,
  exportCsv,
  headers,
  load,
  openPrintVersion,
  statsTable,
} from '../support/stats-page';

// Figures are checked on the spec's own site; the demo history is only searched and drilled into.
let browser: Browser;
let data: StatsData;
before(async () => {
  browser = await launchBrowser();
  data = await statsData(await apiLogin('super'));
});
after(async () => {
  await browser.close();
});

/**
 * The drill-down button of the first row with sales. The detail lists sales, and the demo history has
 * days, offices and agents with clicks and no sale, so "the first row" may lead to an empty detail.
 */
async function firstSeller(page: Page, what: string) {
  await statsTable(page).locator('tbody button').first().waitFor();
  const salesColumn = (await headers(page)).indexOf('Total Sales');
  const row = (await bodyRows(page)).findIndex((r) => r[salesColumn] !== '0');
  assert.ok(row >= 0, what);
  return statsTable(page).locator('tbody tr').nth(row).locator('button').first();
}

describe('Sites Statistics', () => {
  it('admin: searches the demo history, drills date -> office -> agent -> detail, sorts, exports and prints', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/stats/sites');
    await page.getByRole('heading', { name: 'Sites Statistics', level: 1 }).waitFor();
    await choose(page, 'Choose payout period', 'Last month');
    await load(page);
    await page.waitForURL(/start=/);
    await page.getByText(/^Period: .* · By date$/).waitFor();
    assert.ok((await bodyRows(page)).length > 5, 'the demo history has days last month');
    await statsTable(page).getByText('Overall Total').waitFor();

    const dayButton = await firstSeller(page, 'a day of last month had sales');
    const day = (await dayButton.innerText()).trim();
    await dayButton.click();
    await page.waitForURL(
      new RegExp(`groupBy=company.*start=${day}&end=${day}|start=${day}&end=${day}.*groupBy=company`),
    );
    await page.getByText(new RegExp(`^Period: ${day} - ${day} .* · By office$`)).waitFor();
    await (await firstSeller(page, 'an office sold that day')).click();
    await page.waitForURL(/groupBy=agent/);
    await page.getByText(/· By agent$/).waitFor();
    await (await firstSeller(page, 'an agent of the office sold that day')).click();
    await page.waitForURL(/groupBy=detail/);
    await page.getByText(/· By detail$/).waitFor();
    assert.deepEqual((await headers(page)).slice(0, 6), ['No', 'Date', 'Office', 'Agent', 'Site', 'Link']);

    await statsTable(page)
      .getByRole('button', { name: /^Total Sales/ })
      .click();
    await page.waitForURL(/sortField=sales&sortAsc=true/);
    const lines = await exportCsv(page);
    assert.match(lines[0], /^Date,Office,Agent,Site,Link,/);
    assert.match(lines[lines.length - 1], /^Overall Total,/);
    assert.equal(lines.length, (await bodyRows(page)).length + 2);
    await openPrintVersion(page);
    await page.close();
  });

  it("office: its agents' exact figures on its own site, without the Office column", async () => {
    const page = await newPage(browser);
    await openSignedIn(page, data.office.username, `/app/stats/sites?siteId=${data.site.id}&groupBy=agent`);
    const agent = `${data.agent.username} (Test Agent)`;
    await statsTable(page).getByText(agent).waitFor();
    assert.ok(!(await headers(page)).includes('Office'));
    assert.equal(await cell(page, agent, 'Main'), String(data.sales));
    assert.equal(await cell(page, agent, 'Main Bonus'), '1');
    assert.equal(await cell(page, agent, 'Total Sales'), String(data.sales));
    assert.equal(await cell(page, agent, 'Total Bonus'), '1');
    assert.equal(await cell(page, agent, 'Payout'), '₱300');
    assert.equal(await cell(page, agent, 'Bonus Payout'), '₱50');
    assert.equal(await cell(page, `${data.other.username} (Test Agent)`, 'Type 2'), '1');
    assert.equal(await cell(page, 'Overall Total', 'Total Sales'), String(data.sales + 1));
    const lines = await exportCsv(page);
    assert.equal(lines.length, 1 + 2 + 1);
    assert.ok(!lines[0].includes('Earning'));
    await page.close();
  });

  it('agent: itself only, by date or detail', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, data.agent.username, `/app/stats/sites?siteId=${data.site.id}&groupBy=detail`);
    await statsTable(page).getByText('Overall Total').waitFor();
    assert.equal((await bodyRows(page)).length, data.sales + 1);
    assert.ok(!(await headers(page)).includes('Agent'));
    await page.getByRole('combobox', { name: 'Group by', exact: true }).click();
    const options = await page.getByRole('option').allInnerTexts();
    assert.deepEqual(
      options.map((o) => o.trim()),
      ['Date', 'Detail'],
    );
    await page.close();
  });
});
