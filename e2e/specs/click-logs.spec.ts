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
import { clickLink } from '../support/events';

let browser: Browser;
let page: Page;
let site: CreatedSite;
let office: CreatedOffice;
let agentA: CreatedAgent;
let agentB: CreatedAgent;
let stranger: CreatedAgent;
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  site = await createSite(superToken);
  const withSite = { sites: [{ siteId: site.id, enable: true }] };
  office = await createOffice(superToken, { siteIds: [site.id] });
  agentA = await createAgent(superToken, { officeId: office.id, ...withSite });
  agentB = await createAgent(superToken, { officeId: office.id, ...withSite });
  const other = await createOffice(superToken, { siteIds: [site.id] });
  stranger = await createAgent(superToken, { officeId: other.id, ...withSite });
  // Clicks of the spec's own: A twice, B once, and one of another office on the same site.
  const type = site.typeIds[0];
  await clickLink(site.id, type, agentA.id);
  await clickLink(site.id, type, agentA.id);
  await clickLink(site.id, type, agentB.id);
  await clickLink(site.id, type, stranger.id);
  page = await newPage(browser, WIDE); // the header is read whole
  await openSignedIn(page, office.username, '/app/logs/click-outs');
});
after(async () => {
  await browser.close();
});

const rows = (p: Page = page) => p.locator('tbody tr');
const rowsOf = (username: string, p: Page = page) => rows(p).filter({ hasText: username });

describe('click logs', () => {
  it("an office sees its own agents' clicks and nobody else's, with IP and uniques and no Office column", async () => {
    await page.goto('/app/logs/click-outs');
    await page.getByRole('heading', { name: 'Click Logs' }).waitFor();
    await rowsOf(agentB.username).waitFor();
    assert.equal(await rowsOf(agentA.username).count(), 2);
    assert.equal(await rowsOf(agentB.username).count(), 1);
    assert.equal(await rows().count(), 3, "nobody else's clicks");
    assert.equal(await rowsOf(stranger.username).count(), 0);
    const headers = await page.locator('thead th').allInnerTexts();
    assert.ok(!headers.some((t) => t.includes('Office')), 'every row is its own office');
    for (const h of ['Agent', 'Site', 'Type', 'Link', 'Click time', 'IP from', 'Uniques', 'Referrer'])
      assert.ok(
        headers.some((t) => t.includes(h)),
        `column ${h}`,
      );
    assert.match(await rows().first().innerText(), new RegExp(agentB.username), 'newest first');
    await rowsOf(agentB.username)
      .getByRole('link', { name: /\d+\.\d+\.\d+\.\d+|::/ })
      .waitFor();
  });

  it('filters by agent and exports the matching clicks as CSV with the screen headers', async () => {
    await page.goto('/app/logs/click-outs');
    await rowsOf(agentB.username).waitFor();
    await page.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: agentA.username }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/agentId=\d+/);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^click-logs-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    assert.equal(lines[0], 'Agent,Site,Type,Link,Click time,IP from,Uniques,Reason,Referrer');
    assert.equal(lines.length, 3);
    assert.ok(lines.slice(1).every((l) => l.startsWith(`${agentA.username},`)));
  });

  it('an agent sees only its own clicks and has no office or agent filter', async () => {
    const agent = await newPage(browser);
    await openSignedIn(agent, agentB.username, '/app/logs/click-outs');
    await rowsOf(agentB.username, agent).waitFor();
    assert.equal(await rows(agent).count(), 1);
    assert.equal(await agent.getByRole('combobox', { name: 'Agent' }).count(), 0);
    await agent.close();
  });

  it("shows 'No logs for selected period' for a period without clicks", async () => {
    await page.goto('/app/logs/click-outs');
    await rowsOf(agentB.username).waitFor();
    await page.getByRole('combobox', { name: 'Choose payout period' }).click();
    await page.getByRole('option', { name: 'Last year' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/start=\d{4}-01-01/);
    await page.getByText('No logs for selected period').waitFor();
  });
});
