import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openSignedIn, WIDE } from '../support/browser';
import {
  apiLogin,
  createAgent,
  createOffice,
  createSite,
  type CreatedAgent,
  type CreatedOffice,
  type CreatedSite,
} from '../support/api';
import { clickLink, postback } from '../support/events';

let browser: Browser;
let site: CreatedSite;
let office: CreatedOffice;
let agentA: CreatedAgent;
let agentB: CreatedAgent;
let stranger: CreatedAgent;
let clickA: number;
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  site = await createSite(superToken, {}, [
    { payout: '150.50', earning: '12.00', bonus: true, bonusPayout: '75' },
  ]);
  const withSite = { sites: [{ siteId: site.id, enable: true }] };
  office = await createOffice(superToken, { siteIds: [site.id] });
  agentA = await createAgent(superToken, { officeId: office.id, ...withSite });
  agentB = await createAgent(superToken, { officeId: office.id, ...withSite });
  const other = await createOffice(superToken, { siteIds: [site.id] });
  stranger = await createAgent(superToken, { officeId: other.id, ...withSite });
  // Sales of the spec's own: A a sale and a bonus on one click, B a sale, another office a sale.
  const type = site.typeIds[0];
  clickA = await clickLink(site.id, type, agentA.id);
  const clickB = await clickLink(site.id, type, agentB.id);
  const clickS = await clickLink(site.id, type, stranger.id);
  await postback(site.id, site.postbackToken, clickA, { email: 'first@example.com' });
  await postback(site.id, site.postbackToken, clickA, { event: 'bonus', email: 'first@example.com' });
  await postback(site.id, site.postbackToken, clickB, { email: 'second@example.com' });
  await postback(site.id, site.postbackToken, clickS, { email: 'stranger@example.com' });
});
after(async () => {
  await browser.close();
});

const rows = (p: Page) => p.locator('tbody tr');
const rowsOf = (p: Page, text: string) => rows(p).filter({ hasText: text });

describe('sale logs', () => {
  it("an office sees its own sales and nobody else's, payouts in pesos and no earnings", async () => {
    const page = await newPage(browser, WIDE); // the header is read whole
    await openSignedIn(page, office.username, '/app/logs/sale-logs');
    await page.getByRole('heading', { name: 'Sale Logs' }).waitFor();
    await rowsOf(page, agentB.username).waitFor();
    assert.equal(await rows(page).count(), 3, "nobody else's sales");
    assert.equal(await rowsOf(page, stranger.username).count(), 0);
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) =>
      h.replace(/[▲▼↕]/g, '').trim(),
    );
    // Every row is its own office: no Office column.
    assert.deepEqual(headers, [
      'Date',
      'Email',
      'Agent',
      'Site',
      'Link',
      'Payout (₱)',
      'Click id',
      'Record type',
      'Status',
    ]);
    const bonus = rowsOf(page, 'Bonus');
    assert.match(await bonus.innerText(), /₱75\b/);
    assert.match(await rowsOf(page, 'second@example.com').innerText(), /₱150\.5\b/);

    await page.getByRole('combobox', { name: 'Record type' }).click();
    await page.getByRole('option', { name: 'Sale' }).click();
    await page.getByLabel('Click id').fill(String(clickA));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/clickId=\d+/);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    assert.match(await rows(page).innerText(), /first@example\.com/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines[0], 'Date,Email,Agent,Site,Link,Payout (₱),Click id,Record type,Status');
    assert.equal(lines.length, 2);
    assert.match(
      lines[1],
      // A bare number a spreadsheet sums; the header names the currency.
      new RegExp(`first@example\\.com,${agentA.username},.*,150\\.5,${clickA},Sale,Approved$`),
    );
    await page.close();
  });

  it('the superadmin sees earnings in dollars and the referer column', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'super', `/app/logs/sale-logs?companyId=${office.id}`);
    await rowsOf(page, agentB.username).waitFor();
    const headers = await page.locator('thead th').allInnerTexts();
    assert.ok(headers.some((h) => h.includes('Earning ($)')));
    // B's one sale (second@example.com): its e-mail, like the referer, may have given way (the table
    // rule: e-mails and referrers go first where the table lacks the room) into the row's detail.
    const second = rowsOf(page, agentB.username);
    assert.match(await second.innerText(), /\$12\.00/);
    if (!headers.some((h) => h.includes('Referer'))) {
      await second.getByRole('button', { name: 'Show details' }).click();
      await page.locator('tr[data-row-detail] dt', { hasText: 'Referer' }).first().waitFor();
    }
    await page.close();
  });

  it('an agent sees only its own sales, and the list reloads itself every 60 seconds', async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await openSignedIn(page, agentA.username, '/app/logs/sale-logs');
    await rowsOf(page, 'first@example.com').first().waitFor();
    assert.equal(await rows(page).count(), 2);
    assert.equal(await page.getByRole('combobox', { name: 'Agent' }).count(), 0);
    // A sale arrives while the page is open: it shows after the next reload, without a search.
    const click = await clickLink(site.id, site.typeIds[0], agentA.id);
    await postback(site.id, site.postbackToken, click, { email: 'late@example.com' });
    await page.clock.runFor(30_000);
    assert.equal(await rowsOf(page, 'late@example.com').count(), 0);
    await page.clock.runFor(30_000);
    await rowsOf(page, 'late@example.com').waitFor();
    assert.equal(await rows(page).count(), 3);
    await page.close();
  });
});
