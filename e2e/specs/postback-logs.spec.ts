// The Postbacks tab: a site's postbacks, one with a wrong token (a log row) and one accepted (its sale
// row, which keeps the client address), sent through the real postback URL, seen by an admin in one
// list, filtered by result, and exported.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  apiLogin,
  createAgent,
  createOffice,
  createSite,
  uniqueName,
  type CreatedSite,
} from '../support/api';
import { BASE_URL, launchBrowser, newPage, openSignedIn, WIDE } from '../support/browser';
import { clickLink } from '../support/events';

let browser: Browser;
let site: CreatedSite;
let clickId: number;
let saleId: number;
const txId = uniqueName('tx');
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  site = await createSite(superToken);
  const office = await createOffice(superToken, { siteIds: [site.id] });
  const agent = await createAgent(superToken, {
    officeId: office.id,
    sites: [{ siteId: site.id, enable: true }],
  });
  clickId = await clickLink(site.id, site.typeIds[0], agent.id);
  const send = (token: string) =>
    fetch(
      `${BASE_URL}/api/postback/${site.id}?${new URLSearchParams({ token, clickId: String(clickId), event: 'sale', txId })}`,
    );
  const refused = await send('not-the-token');
  assert.equal(refused.status, 403);
  assert.equal(((await refused.json()) as { code: string }).code, 'WRONG_TOKEN');
  // The click may still be on its way to the table: retried until it is there.
  for (let i = 0; ; i++) {
    const res = await send(site.postbackToken);
    if (res.ok) {
      saleId = ((await res.json()) as { saleId: number }).saleId;
      break;
    }
    if (i >= 20) throw new Error(`postback: ${res.status} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});
after(async () => {
  await browser.close();
});

const rows = (p: Page) => p.locator('tbody tr');

/** Opens the site's postbacks until both have been written (a refusal reaches the table within a second). */
async function openSiteLog(page: Page) {
  for (let i = 0; ; i++) {
    await page.goto(`/app/logs/postbacks?siteId=${site.id}`);
    await page.getByRole('heading', { name: 'Postbacks' }).waitFor();
    await page.locator('table[aria-busy="false"]').waitFor();
    if ((await rows(page).filter({ hasText: txId }).count()) === 2) return;
    if (i >= 10) assert.fail('the two postbacks never showed');
    await page.waitForTimeout(500);
  }
}

async function chooseResult(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Result' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
}

describe('postback logs', () => {
  it('an admin sees the wrong token and the accepted postback of a site, newest first, and filters by result', async () => {
    const page = await newPage(browser, WIDE); // the header is read whole
    await openSignedIn(page, 'admin', `/app/logs/postbacks?siteId=${site.id}`);
    await openSiteLog(page);
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) =>
      h.replace(/[▲▼↕]/g, '').trim(),
    );
    assert.deepEqual(headers, [
      'Time',
      'Site',
      'IP',
      'Event',
      'Tx id',
      'Click id',
      'Result',
      'Sale id',
      'Count',
    ]);
    // The accepted postback came second: it is first.
    assert.match(await rows(page).nth(0).innerText(), /Accepted/);
    assert.match(await rows(page).nth(1).innerText(), /Wrong token/);

    await chooseResult(page, 'Wrong token');
    await page.waitForURL(/result=WRONG_TOKEN/);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    const refused = await rows(page).innerText();
    assert.match(
      refused,
      new RegExp(`${site.sitename}[\\s\\S]*sale[\\s\\S]*${txId}[\\s\\S]*${clickId}[\\s\\S]*Wrong token`),
    );
    assert.doesNotMatch(refused, new RegExp(`\\b${saleId}\\b`));

    await chooseResult(page, 'Accepted');
    await page.waitForURL(/result=ACCEPTED/);
    await rows(page).filter({ hasText: 'Accepted' }).waitFor();
    assert.equal(await rows(page).count(), 1);
    assert.match(
      await rows(page).innerText(),
      new RegExp(`${txId}[\\s\\S]*${clickId}[\\s\\S]*Accepted[\\s\\S]*${saleId}`),
    );

    await chooseResult(page, 'Duplicate');
    await page.getByText('No logs for selected period').waitFor();
    await page.close();
  });

  it("a bad input's row names the field that was wrong", async () => {
    const badTx = uniqueName('bad');
    const bad = await fetch(
      `${BASE_URL}/api/postback/${site.id}?${new URLSearchParams({ token: site.postbackToken, clickId: '0x10', event: 'sale', txId: badTx })}`,
    );
    assert.equal(bad.status, 400);
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', `/app/logs/postbacks?siteId=${site.id}&result=BAD_INPUT`);
    const row = rows(page).filter({ hasText: badTx });
    for (let i = 0; (await row.count()) === 0; i++) {
      if (i >= 10) assert.fail('the bad input never showed');
      await page.goto(`/app/logs/postbacks?siteId=${site.id}&result=BAD_INPUT`);
      await page.locator('table[aria-busy="false"]').waitFor();
    }
    assert.match(await row.innerText(), /Bad input \(clickId: [^)]+\)/);
    assert.doesNotMatch(await row.innerText(), /0x10|not-the-token/);
    await page.close();
  });

  it('the superadmin finds them by txId and exports them; the token is nowhere', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'super', '/app/logs/postbacks');
    // The demo history's postbacks: a full first page this month.
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 50);
    await page.getByLabel('Tx id').fill(txId);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/txId=/);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    assert.equal(lines[0], 'Time,Site,IP,Event,Tx id,Click id,Result,Sale id,Count,Detail');
    assert.equal(lines.length, 3);
    assert.match(lines[1], new RegExp(`,sale,${txId},${clickId},Accepted,${saleId},1,$`));
    assert.match(lines[2], new RegExp(`,sale,${txId},${clickId},Wrong token,,1,$`));
    assert.ok(!text.includes(site.postbackToken) && !text.includes('not-the-token'));
    await page.close();
  });

  it('an office may not open the tab', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'office1', '/app/logs/postbacks');
    await page.waitForURL(/\/app\/home$/);
    await page.goto('/app/logs/sale-logs');
    const tabs = page.getByRole('navigation', { name: 'Section' });
    await tabs.getByRole('link', { name: 'Sale Logs' }).waitFor();
    assert.equal(await tabs.getByRole('link', { name: 'Postbacks' }).count(), 0);
    await page.close();
  });
});
