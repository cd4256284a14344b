import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
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

let browser: Browser;
let data: StatsData;
before(async () => {
  browser = await launchBrowser();
  data = await statsData(await apiLogin('super'));
});
after(async () => {
  await browser.close();
});

describe('Payroll', () => {
  it('admin: per-type payouts of its agents, office drill-down, sort, CSV and print', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/stats/sites-payout');
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor();
    await choose(page, 'Group by', 'Office');
    await choose(page, 'Choose payout period', 'Last month');
    await load(page);
    await page.getByText(/· By office$/).waitFor();
    assert.ok((await bodyRows(page)).length > 1, 'the demo offices sold last month');
    await statsTable(page).locator('tbody button').first().click();
    await page.waitForURL(/groupBy=agent/);
    await page.getByText(/· By agent$/).waitFor();

    await page.goto(
      `/app/stats/sites-payout?siteId=${data.site.id}&groupBy=agent&companyId=${data.office.id}`,
    );
    const agent = `${data.agent.username} (Test Agent)`;
    await statsTable(page).getByText(agent).waitFor();
    assert.ok((await headers(page)).includes('Main Payout'));
    assert.equal(await cell(page, agent, 'Main Payout'), '₱350');
    assert.equal(await cell(page, agent, 'Type 2 Payout'), '₱0');
    assert.equal(await cell(page, `${data.other.username} (Test Agent)`, 'Bonus Ratio'), '0.00%');
    await statsTable(page)
      .getByRole('button', { name: /^Payout/ })
      .click();
    await page.waitForURL(/sortField=payout&sortAsc=true/);
    // The cheaper agent first once the sorted page has arrived.
    await statsTable(page).locator('tbody tr').first().getByText(data.other.username).waitFor();
    const lines = await exportCsv(page);
    // Money as bare numbers, the currency in the header.
    assert.match(
      lines[0],
      /^Office,Agent,Raws,Uniques,Invalid,Main,Main Bonus,Main Payout \(₱\),Type 2,Type 2 Payout \(₱\),/,
    );
    assert.equal(lines.length, 4);
    await openPrintVersion(page);
    await page.close();
  });

  it('is not for offices: the tab is missing and the address leads home', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, data.office.username, '/app/stats/sites');
    await statsTable(page).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Section' });
    await tabs.getByRole('link', { name: 'Sites Statistics' }).waitFor();
    assert.equal(await tabs.getByRole('link', { name: 'Payroll', exact: true }).count(), 0);
    await page.goto('/app/stats/sites-payout');
    await page.waitForURL(/\/app\/home$/);
    await page.close();
  });
});
