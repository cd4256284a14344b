import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { defaultWeeklyPeriod, formatPeriod } from '@salesdesk/contract';
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

describe('Sites AVP Statistics', () => {
  it('admin: a past week of the demo AVP sites by agent, the AVP filter, drill to detail, sort, CSV, print', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/stats/sites-avp');
    await page.getByRole('heading', { name: 'Sites AVP Statistics', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Avp Pay Schedule' }).getByText('10-19 sales').waitFor();
    await choose(page, 'Start period', 'Last week');
    await choose(page, 'End period', 'Last week');
    await load(page);
    await page.getByText(/· By agent$/).waitFor();
    // Site All on an AVP page counts the AVP sites only, and the criteria line names them.
    await page.getByText(/· Site: All AVP sites \(.+\) · Type: All ·/).waitFor();
    assert.ok((await bodyRows(page)).length > 1, 'demo agents sold on AVP sites last week');
    assert.deepEqual((await headers(page)).slice(0, 4), ['No', 'Week', 'Office', 'Agent']);
    await statsTable(page)
      .getByRole('button', { name: /^AVP Sales/ })
      .click();
    await page.waitForURL(/sortField=agent_avp_sales_count&sortAsc=true/);
    const lines = await exportCsv(page);
    assert.match(lines[0], /^Week,Office,Agent,Raws,Uniques,/);
    assert.equal(lines.length, (await bodyRows(page)).length + 2);

    await statsTable(page).locator('tbody button').first().click();
    await page.waitForURL(/groupBy=detail/);
    await page.getByText(/· By detail$/).waitFor();
    await page.goBack();
    await page.getByText(/· By agent$/).waitFor();
    await choose(page, 'AVP', '1-9 sales');
    await load(page);
    await page.getByText(/· AVP: NO · By agent$/).waitFor();
    const rows = await bodyRows(page);
    assert.ok(rows.length > 0, 'some demo agents sold 1-9 last week');
    // The period heading of the count: a week of 1-9 sales does not read '0 sales'.
    for (const row of rows) assert.ok(row.includes('1-9 sales'), row.join(' '));
    await openPrintVersion(page);
    await page.close();
  });

  it("office: its agent's week with the AVP period and count", async () => {
    const page = await newPage(browser);
    await openSignedIn(
      page,
      data.office.username,
      `/app/stats/sites-avp?siteId=${data.site.id}&start=${week.start}&end=${week.end}`,
    );
    const agent = `${data.agent.username} (Test Agent)`;
    await statsTable(page).getByText(agent).waitFor();
    assert.equal(await cell(page, agent, 'Week'), formatPeriod(week));
    assert.equal(await cell(page, agent, 'AVP'), '10-19 sales');
    assert.equal(await cell(page, agent, 'AVP Sales'), '12');
    assert.equal(await cell(page, `${data.other.username} (Test Agent)`, 'AVP'), '1-9 sales', 'one sale');
    assert.equal(await page.getByRole('combobox', { name: 'AVP', exact: true }).count(), 0);
    await page.close();
  });

  it('agent: its own sales in detail only', async () => {
    const page = await newPage(browser);
    await openSignedIn(
      page,
      data.agent.username,
      `/app/stats/sites-avp?siteId=${data.site.id}&start=${week.start}&end=${week.end}`,
    );
    await statsTable(page).getByText('Overall Total').waitFor();
    assert.equal((await bodyRows(page)).length, data.sales + 1);
    assert.equal(await cell(page, '12', 'AVP'), '10-19 sales');
    await page.close();
  });
});
