// What the table specs (wide-tables, row-actions, row-actions-phone, phone) share: a site of their own whose
// money needs separators, a signed-in page at a given size, and the measures of a table's layout. The
// specs are four files so that the test runner runs them beside each other, not one long file alone.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  apiLogin,
  clickLink,
  createAgent,
  createOffice,
  createSite,
  postSales,
  type CreatedOffice,
  type CreatedSite,
} from './api';
import { allListsLoaded, launchBrowser, listLoaded, newPage, openSignedIn } from './browser';
import { newTxId, postback, reversalPostback } from './events';

// A site of the spec's own whose sales are worth four and five digits, so every money column has a
// value that needs separators.
const RATES = { payout: '1520.00', earning: '12141.00' };

export interface TableWorld {
  browser: Browser;
  site: CreatedSite;
  office: CreatedOffice;
}

/** Registers the spec file's before/after: a browser, and (with `data`) the site, office and sales. */
export function tableWorld(data = true): TableWorld {
  const world = {} as TableWorld;
  before(async () => {
    world.browser = await launchBrowser();
    if (!data) return;
    const superToken = await apiLogin('super');
    world.site = await createSite(superToken, {}, [RATES]);
    world.office = await createOffice(superToken, { siteIds: [world.site.id] });
    const agent = await createAgent(superToken, {
      officeId: world.office.id,
      sites: [{ siteId: world.site.id, enable: true }],
    });
    const site = world.site;
    await postSales(site, await clickLink(site.id, site.typeIds[0], agent.id), 2);
    // A refunded sale: its reversal row's money is negative and needs separators as well.
    const txId = newTxId();
    await postback(site.id, site.postbackToken, await clickLink(site.id, site.typeIds[0], agent.id), {
      txId,
    });
    await reversalPostback(site.id, site.postbackToken, txId);
  });
  after(async () => {
    await world.browser.close();
  });
  return world;
}

export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A page of its own context at `viewport`, signed in as `username`, on `path` (Home by default). */
export async function pageAs(
  browser: Browser,
  username: string,
  viewport = LAPTOP,
  path = '/app/home',
): Promise<Page> {
  const page = await newPage(browser, viewport);
  await openSignedIn(page, username, path);
  return page;
}

export type Report = {
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
export async function measure(page: Page, path: string): Promise<Report> {
  await page.goto(path);
  await allListsLoaded(page);
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

export function assertReadable(r: Report, where: string, opts: { money: boolean }) {
  assert.ok(r.pageWidth <= r.viewWidth, `${where}: the page is ${r.pageWidth}px wide in ${r.viewWidth}px`);
  assert.deepEqual(r.broken, [], `${where}: values broken across lines`);
  assert.deepEqual(r.unseparated, [], `${where}: money without separators`);
  if (opts.money) assert.ok(r.bigMoney > 0, `${where}: a money value of 1000 or more is shown`);
  assert.ok(r.firstColumnSticky, `${where}: the first column stays in view`);
}

// The table rule (docs/adding-an-area.md "Cells"): on every list screen a row's actions and its money
// stay in view without sideways scrolling, at 1280x800 with the menu open and on a phone.
type KeptReport = { pageWidth: number; viewWidth: number; kept: number; outside: string[] };

/** Every kept cell (data-keep: money, actions, a footer's totals) of every table lies inside its table's
 * visible box. */
export async function keptInView(page: Page): Promise<KeptReport> {
  await allListsLoaded(page);
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

export async function assertKeptInView(page: Page, path: string, where: string) {
  const r = await keptInView(page);
  assert.ok(
    r.pageWidth <= r.viewWidth,
    `${where} ${path}: the page is ${r.pageWidth}px wide in ${r.viewWidth}px`,
  );
  assert.ok(r.kept > 0, `${where} ${path}: the table shows money or row actions`);
  assert.deepEqual(r.outside, [], `${where} ${path}: money or actions out of view`);
}

/** Opens the first statement of the statements list (its row action). */
export async function openFirstStatement(page: Page) {
  await page.goto('/app/stats/pay-statements');
  await listLoaded(page);
  await page.locator('td[data-keep="actions"] a').first().click();
  await page.waitForURL(/\/app\/stats\/pay-statements\/\d{4}-\d\d-\d\d\/\d+/);
  await page.getByRole('table', { name: 'Pay Statement', exact: true }).waitFor();
}

export const SIZES = [
  { name: '1280x800', viewport: LAPTOP },
  { name: '390x844', viewport: PHONE },
];
/** Admins and superadmins see the same lists. */
const ADMIN_LISTS = [
  '/app/home',
  '/app/review',
  '/app/stats/pay-periods',
  '/app/stats/pay-statements',
  '/app/logs/sale-logs',
  '/app/agents',
  '/app/offices',
];
export const LISTS: Record<string, string[]> = {
  super: ADMIN_LISTS,
  admin: ADMIN_LISTS,
  office1: ['/app/home', '/app/stats/pay-statements', '/app/logs/sale-logs', '/app/agents'],
  agent01: ['/app/home', '/app/stats/pay-statements'],
};

/** Opens each of `user`'s lists and its first statement at `size`: row actions and money stay in view. */
export async function assertListsKeepInView(browser: Browser, user: string, size: (typeof SIZES)[number]) {
  const page = await pageAs(browser, user, size.viewport, LISTS[user][0]);
  for (const [i, path] of LISTS[user].entries()) {
    if (i > 0) await page.goto(path);
    // Home's top tables show counts, not money: there the page must simply fit.
    if (path === '/app/home') {
      await listLoaded(page);
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
}
