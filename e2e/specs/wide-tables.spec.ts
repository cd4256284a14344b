// The widest tables at 1280x800 (and on a phone), as admins and as an office user: the page never
// scrolls sideways, a wide table scrolls in its own box with its first column kept in view, no value is
// broken across lines, and money of four digits or more carries thousands separators.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  apiLogin,
  clickLink,
  createAgent,
  createOffice,
  createSite,
  postSales,
  type CreatedAgent,
  type CreatedOffice,
  type CreatedSite,
} from '../support/api';
import { BASE_URL, launchBrowser, loginAs } from '../support/browser';
import { newTxId, postback, reversalPostback } from '../support/events';

// A site of the spec's own whose sales are worth four and five digits, so every money column has a
// value that needs separators.
const RATES = { payout: '1520.00', earning: '12141.00' };
let browser: Browser;
let site: CreatedSite;
let office: CreatedOffice;
let agent: CreatedAgent;
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  site = await createSite(superToken, {}, [RATES]);
  office = await createOffice(superToken, { siteIds: [site.id] });
  agent = await createAgent(superToken, { officeId: office.id, sites: [{ siteId: site.id, enable: true }] });
  await postSales(site, await clickLink(site.id, site.typeIds[0], agent.id), 2);
  // A refunded sale: its reversal row's money is negative and needs separators as well.
  const txId = newTxId();
  await postback(site.id, site.postbackToken, await clickLink(site.id, site.typeIds[0], agent.id), { txId });
  await reversalPostback(site.id, site.postbackToken, txId);
});
after(async () => {
  await browser.close();
});

async function pageAs(username: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, username);
  return page;
}

type Report = {
  pageWidth: number;
  viewWidth: number;
  headers: string[];
  /** Tokens laid out on more than one line, with their text. */
  broken: string[];
  /** Money of 1000 or more written without separators. */
  unseparated: string[];
  bigMoney: number;
  firstColumnSticky: boolean;
};

/** Opens `path`, waits for its table's rows, and measures the page and every cell. */
async function measure(page: Page, path: string): Promise<Report> {
  await page.goto(path);
  await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
  // Fonts and the kept columns' offsets settle before the layout is read.
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const broken: string[] = [];
    const unseparated: string[] = [];
    let bigMoney = 0;
    const range = document.createRange();
    const cells = Array.from(document.querySelectorAll<HTMLElement>('table td, table tfoot th'));
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Free text (URLs, referers, notes) may wrap, a URL anywhere, by design.
        if (node.parentElement?.closest('[data-free-text]')) continue;
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          // Only a word wider than a kept column's cap (18rem) may break: the schema's longest names.
          if (word[0].length > 40) continue;
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(word[0]);
        }
      }
      const text = cell.innerText.trim();
      const money = /^-?[$₱](\d[\d,]*)(\.\d+)?$/.exec(text);
      if (money && Number(money[1].replace(/,/g, '')) >= 1000) {
        bigMoney++;
        if (!money[1].includes(',')) unseparated.push(text);
      }
    }
    const first = document.querySelector('table tbody tr td');
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewWidth: document.documentElement.clientWidth,
      headers: Array.from(document.querySelectorAll('table thead th')).map((th) =>
        (th.textContent ?? '').replace(/[▲▼↕]/g, '').trim(),
      ),
      broken,
      unseparated,
      bigMoney,
      firstColumnSticky: !!first && getComputedStyle(first).position === 'sticky',
    };
  });
}

function assertReadable(r: Report, where: string, opts: { money: boolean }) {
  assert.ok(r.pageWidth <= r.viewWidth, `${where}: the page is ${r.pageWidth}px wide in ${r.viewWidth}px`);
  assert.deepEqual(r.broken, [], `${where}: values broken across lines`);
  assert.deepEqual(r.unseparated, [], `${where}: money without separators`);
  if (opts.money) assert.ok(r.bigMoney > 0, `${where}: a money value of 1000 or more is shown`);
  assert.ok(r.firstColumnSticky, `${where}: the first column stays in view`);
}

const ADMIN_PAGES = () => [
  { path: `/app/stats/sites?siteId=${site.id}&groupBy=detail`, money: true },
  // Every site of the period: the demo history and the spec's own site.
  { path: '/app/stats/sites?groupBy=detail', money: true },
  { path: '/app/stats/sites-payout?groupBy=detail', money: true },
  { path: '/app/stats/sites-payout?groupBy=agent', money: true },
  { path: '/app/agents', money: false },
  { path: '/app/offices', money: false },
  { path: '/app/logs/sale-logs', money: true },
  { path: `/app/logs/postbacks?siteId=${site.id}`, money: false },
];

describe('wide tables at 1280x800', () => {
  for (const admin of ['super', 'admin'])
    it(`${admin}: statistics by detail, payroll, agents, offices, sale logs and postbacks fit and read whole`, async () => {
      const page = await pageAs(admin);
      for (const { path, money } of ADMIN_PAGES()) assertReadable(await measure(page, path), path, { money });
      const detail = await measure(page, `/app/stats/sites?siteId=${site.id}&groupBy=detail`);
      assert.ok(detail.headers.includes('Office'));
      await page.context().close();
    });

  it('office: statistics by detail, agents and sale logs, without a column of its own office', async () => {
    const page = await pageAs(office.username);
    const pages = [
      { path: `/app/stats/sites?siteId=${site.id}&groupBy=detail`, money: true },
      { path: `/app/stats/sites?siteId=${site.id}&groupBy=agent`, money: true },
      { path: '/app/agents', money: false },
      { path: '/app/logs/sale-logs', money: true },
    ];
    for (const { path, money } of pages) {
      const report = await measure(page, path);
      assertReadable(report, path, { money });
      assert.ok(!report.headers.includes('Office'), `${path}: no Office column`);
    }
    await page.context().close();
  });
});

describe('wide tables on a phone', () => {
  it('the page never scrolls sideways; the tables scroll in their boxes', async () => {
    const page = await pageAs('super', { width: 390, height: 844 });
    for (const path of [`/app/stats/sites?siteId=${site.id}&groupBy=detail`, '/app/logs/sale-logs']) {
      const report = await measure(page, path);
      assert.ok(
        report.pageWidth <= report.viewWidth,
        `${path}: ${report.pageWidth}px in ${report.viewWidth}px`,
      );
      assert.deepEqual(report.broken, [], `${path}: values broken across lines`);
    }
    await page.context().close();
  });
});
