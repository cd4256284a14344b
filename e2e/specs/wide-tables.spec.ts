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

// The table rule (docs/adding-an-area.md "Cells"): on every list screen a row's actions and its money
// stay in view without sideways scrolling, at 1280x800 with the menu open and on a phone.
type KeptReport = { pageWidth: number; viewWidth: number; kept: number; outside: string[] };

/** Every kept cell (data-keep: money, actions, a footer's totals) of every table lies inside its table's
 * visible box. */
async function keptInView(page: Page): Promise<KeptReport> {
  await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  // The table rule settles within a few renders of the rows arriving; wait until the layout stops moving.
  // (No named function inside: the page would lack the helper the spec's compiler names it with.)
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const before = Array.from(document.querySelectorAll('thead th'), (th) => th.clientWidth).join();
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(
              Array.from(document.querySelectorAll('thead th'), (th) => th.clientWidth).join() === before,
            ),
          ),
        );
      }),
  );
  return page.evaluate(() => {
    const outside: string[] = [];
    let kept = 0;
    for (const box of Array.from(document.querySelectorAll<HTMLElement>('[data-table-scroll]'))) {
      const frame = box.getBoundingClientRect();
      for (const cell of Array.from(
        box.querySelectorAll<HTMLElement>('td[data-keep], tfoot th[data-keep]'),
      )) {
        kept++;
        const r = cell.getBoundingClientRect();
        const inBox = r.left >= frame.left - 1 && r.right <= frame.right + 1;
        const inView = r.left >= -1 && r.right <= document.documentElement.clientWidth + 1;
        if (!inBox || !inView)
          outside.push(
            `${cell.dataset.keep} "${cell.innerText.trim()}" at ${Math.round(r.left)}-${Math.round(r.right)}`,
          );
      }
    }
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewWidth: document.documentElement.clientWidth,
      kept,
      outside: outside.slice(0, 5),
    };
  });
}

async function assertKeptInView(page: Page, path: string, where: string) {
  const r = await keptInView(page);
  assert.ok(
    r.pageWidth <= r.viewWidth,
    `${where} ${path}: the page is ${r.pageWidth}px wide in ${r.viewWidth}px`,
  );
  assert.ok(r.kept > 0, `${where} ${path}: the table shows money or row actions`);
  assert.deepEqual(r.outside, [], `${where} ${path}: money or actions out of view`);
}

/** Opens the first statement of the statements list (its row action). */
async function openFirstStatement(page: Page) {
  await page.goto('/app/stats/pay-statements');
  await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
  await page.locator('td[data-keep="actions"] a').first().click();
  await page.waitForURL(/\/app\/stats\/pay-statements\/\d{4}-\d\d-\d\d\/\d+/);
  await page.getByRole('table', { name: 'Pay Statement', exact: true }).waitFor();
}

const SIZES = [
  { name: '1280x800', viewport: { width: 1280, height: 800 } },
  { name: '390x844', viewport: { width: 390, height: 844 } },
];
const LISTS: Record<string, string[]> = {
  super: [
    '/app/home',
    '/app/review',
    '/app/stats/pay-periods',
    '/app/stats/pay-statements',
    '/app/logs/sale-logs',
    '/app/agents',
    '/app/offices',
  ],
  admin: [
    '/app/home',
    '/app/review',
    '/app/stats/pay-periods',
    '/app/stats/pay-statements',
    '/app/logs/sale-logs',
    '/app/agents',
    '/app/offices',
  ],
  office1: ['/app/home', '/app/stats/pay-statements', '/app/logs/sale-logs', '/app/agents'],
  agent01: ['/app/home', '/app/stats/pay-statements'],
};

describe('row actions and money in view', () => {
  for (const size of SIZES)
    for (const [user, paths] of Object.entries(LISTS))
      it(`${user} at ${size.name}: every list, one statement`, async () => {
        const page = await pageAs(user, size.viewport);
        for (const path of paths) {
          await page.goto(path);
          // Home's top tables show counts, not money: there the page must simply fit.
          if (path === '/app/home') {
            await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
            const width = await page.evaluate(() => [
              document.documentElement.scrollWidth,
              document.documentElement.clientWidth,
            ]);
            assert.ok(width[0] <= width[1], `${user} ${size.name} home: ${width[0]}px in ${width[1]}px`);
            const sales = page.getByRole('columnheader', { name: 'Sales' }).first();
            const box = await sales.boundingBox();
            assert.ok(
              box && box.x + box.width <= size.viewport.width + 1,
              `${user} ${size.name} home: Sales in view`,
            );
            continue;
          }
          await assertKeptInView(page, path, `${user} ${size.name}`);
        }
        await openFirstStatement(page);
        await assertKeptInView(page, 'a statement', `${user} ${size.name}`);
        await page.context().close();
      });

  it('postbacks and the audit log fit at both sizes; their ids, addresses and browsers give way first', async () => {
    for (const size of SIZES) {
      const page = await pageAs('super', size.viewport);
      for (const path of [`/app/logs/postbacks?siteId=${site.id}`, '/app/logs/audit']) {
        await page.goto(path);
        await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
        const r = await keptInView(page).catch(() => keptInView(page));
        assert.ok(r.pageWidth <= r.viewWidth, `${size.name} ${path}: ${r.pageWidth}px in ${r.viewWidth}px`);
      }
      if (size.viewport.width === 1280) {
        await page.goto(`/app/logs/postbacks?siteId=${site.id}`);
        await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
        const headers = await page.locator('table thead th').allInnerTexts();
        assert.ok(
          headers.some((h) => h.includes('Result')),
          'the postback result stays',
        );
      }
      await page.context().close();
    }
  });
});

describe('a phone', () => {
  it('folds the filters behind one button, so the first rows are on the first screen', async () => {
    const page = await pageAs('super', { width: 390, height: 844 });
    for (const path of ['/app/review', '/app/logs/sale-logs', '/app/stats/pay-statements', '/app/agents']) {
      await page.goto(path);
      const row = page.locator('table[aria-busy="false"] tbody tr td').first();
      await row.waitFor();
      assert.equal(
        await page.locator('[data-filters]').isVisible(),
        false,
        `${path}: the filters are folded`,
      );
      const box = await row.boundingBox();
      assert.ok(
        box && box.y + box.height <= 844,
        `${path}: the first row is on the first screen (at ${box?.y})`,
      );
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.locator('[data-filters]').waitFor();
    }
    await page.getByRole('search').getByLabel('Search by username').waitFor();
    await page.context().close();
  });

  it('opens a row’s wide actions from one button and its hidden values from its detail', async () => {
    const page = await pageAs('super', { width: 390, height: 844 });
    await page.goto('/app/review');
    await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
    await page.locator('td[data-keep="actions"]').first().getByRole('button', { name: 'Actions' }).click();
    await page
      .getByRole('button', { name: /^Suspend for fraud / })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Show details' }).first().click();
    await page.locator('tr[data-row-detail] dt', { hasText: 'Agent' }).first().waitFor();
    await page.context().close();
  });

  it('shows a statement’s agent, period and Payable on the first screen', async () => {
    const page = await pageAs('office1', { width: 390, height: 844 });
    await openFirstStatement(page);
    const heading = page.getByText(/\d{4}-\d\d-\d\d - \d{4}-\d\d-\d\d/).first();
    await heading.waitFor();
    assert.match((await heading.innerText()) ?? '', /agent\d\d/);
    const payable = page.getByText('Payable', { exact: false }).first();
    const box = await payable.boundingBox();
    assert.ok(box && box.y + box.height <= 844, `Payable is on the first screen (at ${box?.y})`);
    await page.context().close();
  });

  it('shows the Links page’s Copy button and explains the link length', async () => {
    const page = await pageAs('agent01', { width: 390, height: 844 });
    await page.goto('/app/links/links');
    await page.getByText('How many characters of each link the table shows').waitFor();
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Get links' }).click();
    await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
    // (A row's detail button, when a column gave way, leads the row with a hidden label.)
    const headers = (await page.locator('table thead th').allInnerTexts())
      .map((h) => h.trim())
      .filter((h) => h !== 'Details' && h !== '');
    assert.deepEqual(headers.slice(0, 2), ['Site', 'Type']);
    const copy = page.getByRole('button', { name: /copy/i }).first();
    const box = await copy.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'Copy is in view');
    await page.context().close();
  });
});
