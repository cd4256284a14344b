import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { defaultWeeklyPeriod } from '@salesdesk/contract';
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

// The demo schedule pays 10-19 AVP sales a week at ₱50 and $1 each: the spec's agent sells 12 this week.
let browser: Browser;
let data: StatsData;
const week = defaultWeeklyPeriod();
before(async () => {
  browser = await launchBrowser();
  data = await statsData(await apiLogin('super'), { sales: 12, site: { avp: true } });
});
after(async () => {
  await browser.close();
});

describe('Payroll AVP', () => {
  it('admin: offices of a demo week, drill to agents, the own agent paid in pesos and dollars, CSV, print', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/stats/sites-payout-avp');
    await page.getByRole('heading', { name: 'Payroll AVP', level: 1 }).waitFor();
    await choose(page, 'Start period', 'Last week');
    await choose(page, 'End period', 'Last week');
    await load(page);
    await page.getByText(/· By office$/).waitFor();
    assert.ok((await headers(page)).includes('AVP Payout (₱)'));
    assert.ok((await headers(page)).includes('AVP Payout ($)'));
    assert.ok((await bodyRows(page)).length > 1, 'demo offices sold on AVP sites last week');
    await statsTable(page).locator('tbody button').first().click();
    await page.waitForURL(/groupBy=agent/);
    await page.getByText(/· By agent$/).waitFor();

    await page.goto(
      `/app/stats/sites-payout-avp?siteId=${data.site.id}&companyId=${data.office.id}&groupBy=agent&start=${week.start}&end=${week.end}`,
    );
    const agent = `${data.agent.username} (Test Agent)`;
    await statsTable(page).getByText(agent).waitFor();
    assert.equal(await cell(page, agent, 'AVP'), '10-19 sales');
    assert.equal(await cell(page, agent, 'AVP Payout (₱)'), '₱600');
    assert.equal(await cell(page, agent, 'AVP Payout ($)'), '$12.00');
    assert.equal(await cell(page, 'Overall Total', 'AVP Payout (₱)'), '₱600');
    await statsTable(page)
      .getByRole('button', { name: /^AVP Payout \(₱\)/ })
      .click();
    await page.waitForURL(/sortField=payoutPhp&sortAsc=true/);
    const lines = await exportCsv(page);
    assert.equal(lines.length, 1 + 2 + 1);
    assert.match(lines[lines.length - 1], /^Overall Total,.*,600,12\.00$/);
    await choose(page, 'Group by', 'Detail');
    await load(page);
    // The agent rows stay on screen until the detail answer replaces them.
    await page.waitForURL(/groupBy=detail/);
    for (let i = 0; i < 60 && (await bodyRows(page)).length !== data.sales + 2; i++)
      await page.waitForTimeout(250);
    assert.equal((await bodyRows(page)).length, data.sales + 2);
    await openPrintVersion(page);
    await page.close();
  });
});
