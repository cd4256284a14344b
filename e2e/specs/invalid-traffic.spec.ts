// Invalid traffic (issue 35) in a real browser: a person's click, a chat's link preview and a crawler on
// the spec's own agent; the report shows the machines in the Invalid column (an admin opens it by reason,
// an office sees the count), the click log filters them by reason, and System Options shows the rules.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  apiLogin,
  createAgent,
  createOffice,
  createSite,
  type CreatedAgent,
  type CreatedOffice,
  type CreatedSite,
} from '../support/api';
import { launchBrowser, newPage, openSignedIn, WIDE } from '../support/browser';
import { clickLink } from '../support/events';
import { cell, statsTable } from '../support/stats-page';

const PREVIEW = 'WhatsApp/2.24.6.77 A';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let browser: Browser;
let site: CreatedSite;
let office: CreatedOffice;
let agent: CreatedAgent;
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  site = await createSite(superToken);
  office = await createOffice(superToken, { siteIds: [site.id] });
  agent = await createAgent(superToken, { officeId: office.id, sites: [{ siteId: site.id, enable: true }] });
  const type = site.typeIds[0];
  await clickLink(site.id, type, agent.id, 'clickid', PREVIEW);
  await clickLink(site.id, type, agent.id);
  await clickLink(site.id, type, agent.id, 'clickid', CRAWLER);
});
after(async () => {
  await browser.close();
});

describe('invalid traffic', () => {
  it('an admin sees the machines in the Invalid column and opens them by reason; an office sees the count', async () => {
    const page = await newPage(browser, WIDE);
    await openSignedIn(page, 'super', `/app/stats/sites?siteId=${site.id}&groupBy=agent`);
    const row = `${agent.username} (`;
    await statsTable(page).getByText(agent.username).waitFor();
    assert.equal(await cell(page, row, 'Raws'), '3');
    assert.equal(await cell(page, row, 'Uniques'), '1', 'the person after the preview is the unique click');
    assert.equal(await cell(page, row, 'Invalid'), '2');
    await statsTable(page)
      .locator('tbody tr', { hasText: agent.username })
      .getByRole('button', { name: 'Invalid by reason: 2' })
      .click();
    const parts = page.getByRole('dialog');
    await parts.getByText('Link preview').waitFor();
    assert.match(await parts.innerText(), /Link preview\s+1[\s\S]*Bot\s+1/);
    await page.close();

    const officePage = await newPage(browser, WIDE);
    await openSignedIn(officePage, office.username, `/app/stats/sites?siteId=${site.id}&groupBy=agent`);
    await statsTable(officePage).getByText(agent.username).waitFor();
    assert.equal(await cell(officePage, row, 'Invalid'), '2');
    assert.equal(
      await statsTable(officePage)
        .getByRole('button', { name: /by reason/ })
        .count(),
      0,
    );
    await officePage.close();
  });

  it('the click log shows each click’s reason and filters by it', async () => {
    const page = await newPage(browser, WIDE);
    await openSignedIn(page, 'super', `/app/logs/click-outs?siteId=${site.id}`);
    const rows = page.locator('tbody tr', { hasText: agent.username });
    await rows.first().waitFor();
    assert.equal(await rows.count(), 3);
    await page.getByRole('combobox', { name: 'Reason', exact: true }).click();
    await page.getByRole('option', { name: 'Link preview', exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/reason=PREVIEW/);
    await rows
      .first()
      .getByText(/^Link preview/)
      .waitFor();
    assert.equal(await rows.count(), 1);
    await page.close();
  });

  it('System Options shows each reason’s mode and the data center list in force', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'super', '/app/settings/options');
    await page.getByRole('heading', { name: 'Invalid traffic' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: /^Bot/ }).inputValue(), 'Flag');
    assert.equal(await page.getByRole('combobox', { name: /^Data center/ }).inputValue(), 'Count as valid');
    assert.match(await page.getByTestId('datacenter-list').innerText(), /ranges, dated /);
    await page.close();
  });
});
