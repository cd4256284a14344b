import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CHART_TEXTS } from '@salesdesk/contract';
import { apiLogin } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';
import { sellingOffice, type SellingOffice } from '../support/office-stats';

// The spec's own office sold this week and nothing before, so its progress is known exactly.
let browser: Browser;
let data: SellingOffice;
before(async () => {
  browser = await launchBrowser();
  data = await sellingOffice(await apiLogin('super'));
});
after(async () => {
  await browser.close();
});

/** The row of `name` once it reads `want` (the table answers asynchronously). */
async function rowReads(page: Page, name: string, want: string[]) {
  const table = page
    .getByRole('table', { name: 'Office performance' })
    .and(page.locator('[aria-busy="false"]'));
  let got: string[] = [];
  for (let i = 0; i < 50; i++) {
    await table.waitFor();
    const row = table.locator('tbody tr').filter({ hasText: name });
    got = (await row.count()) ? (await row.first().locator('td').allInnerTexts()).map((t) => t.trim()) : [];
    if (got.join('|') === want.join('|')) return row.first();
    await page.waitForTimeout(200);
  }
  assert.deepEqual(got, want, `row of ${name}`);
  throw new Error('unreachable');
}

/** 'green' or 'red': which channel of the cell's text colour dominates. */
async function colourOf(page: Page, text: string) {
  const cell = page.getByRole('table', { name: 'Office performance' }).getByText(text, { exact: true });
  const [r, g] = (await cell.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
  return g > r ? 'green' : 'red';
}

describe('office performance', () => {
  it('compares this week with last week for an office: its agent up 100% in green, then reversed in red', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, data.office.username, '/app/stats/office-performance');
    await page.getByRole('heading', { name: 'Office performance', level: 1 }).waitFor();
    for (const header of ['Name', 'Sales1', 'Sales2', 'Progress'])
      await page.getByRole('columnheader', { name: new RegExp(`^${header}`) }).waitFor();
    await rowReads(page, data.agent.username, [data.agent.username, String(data.sales), '0', '+100.00%']);
    assert.equal(await colourOf(page, '+100.00%'), 'green');

    await page.getByRole('combobox', { name: 'Choose period 1' }).click();
    await page.getByRole('option', { name: 'Last week', exact: true }).click();
    await page.getByRole('combobox', { name: 'Choose period 2' }).click();
    await page.getByRole('option', { name: 'This week', exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/start2=/);
    await rowReads(page, data.agent.username, [data.agent.username, '0', String(data.sales), '-100.00%']);
    assert.equal(await colourOf(page, '-100.00%'), 'red');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    assert.deepEqual(csv.split('\r\n'), [
      'Name,Sales1,Sales2,Progress',
      `${data.agent.username},0,${data.sales},-100`,
      '',
    ]);
    await page.close();
  });

  it('compares offices for an admin and sorts by progress', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/stats/office-performance');
    await rowReads(page, data.office.officeName, [
      data.office.officeName,
      String(data.sales),
      '0',
      '+100.00%',
    ]);
    await page.getByRole('button', { name: /^Progress/ }).click();
    await page.waitForURL(/sortField=progress/);
    await page.getByRole('button', { name: /^Progress/ }).click();
    await page.waitForURL(/sortAsc=false/);
    await rowReads(page, data.office.officeName, [
      data.office.officeName,
      String(data.sales),
      '0',
      '+100.00%',
    ]);
    await page.close();
  });
});

describe('office progress chart', () => {
  it("draws this year's chart of an office by month, then this week by day", async () => {
    const page = await newPage(browser);
    await openSignedIn(page, data.office.username, '/app/stats/office-performance-chart');
    await page.getByRole('heading', { name: 'Office progress chart', level: 1 }).waitFor();
    const chart = page.getByRole('img', { name: `By office ${data.office.officeName}` });
    await chart.locator('svg').waitFor();
    await chart.getByText(`By office ${data.office.officeName}`).waitFor();
    await chart.getByText('Monthly').waitFor();
    assert.equal(await page.locator('[data-office-chart]').count(), 1, 'an office sees its own chart only');
    assert.equal(await page.getByRole('combobox', { name: 'Period' }).inputValue(), 'This year');

    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'This week', exact: true }).click();
    await page.waitForURL(/range=/);
    await chart.getByText('Daily').waitFor();
    // The sales columns are dark blue; only today's has height (the office sold today alone), and
    // today is not the week's first day from Monday on.
    await chart.locator('svg path[fill="#1f3a93"]').filter({ visible: true }).first().waitFor();
    // One progress point in the plot, today's: the days after today have none (no fall to -100% tomorrow).
    // The legend below the plot (the grid leaves it 72 px) draws the same symbol.
    const progressSymbols = chart.locator(`svg path[stroke="${CHART_TEXTS.progressColor}"][fill="#fff"]`);
    await progressSymbols.first().waitFor();
    const box = await chart.boundingBox();
    const bottoms = await progressSymbols.evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect().bottom),
    );
    const inPlot = bottoms.filter((b) => box && b < box.y + box.height - 60);
    assert.equal(
      inPlot.length,
      1,
      `symbol bottoms ${bottoms.join(', ')} in a chart ending at ${box?.y}+${box?.height}`,
    );
    await page.close();
  });

  it('lets an admin pick one office', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/stats/office-performance-chart');
    await page.locator('[data-office-chart] svg').first().waitFor();
    assert.ok((await page.locator('[data-office-chart]').count()) >= 3, 'every office with sales');
    await page.getByRole('combobox', { name: 'Office' }).fill(data.office.officeName);
    await page.getByRole('option', { name: data.office.officeName }).click();
    await page.waitForURL(/companyId=/);
    await page
      .getByRole('img', { name: `By office ${data.office.officeName}` })
      .locator('svg')
      .waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-office-chart]').length === 1);
    await page.close();
  });
});
