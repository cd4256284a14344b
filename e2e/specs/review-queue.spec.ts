// The review queue's main path (issue 22): with the fast-sale rule set to hold, a sale posted back 5 s
// after its click arrives held with the rule, shows in the review queue with the menu's held count, and
// is approved there with a reason. The rule set to hold would hold the sales of every spec running beside
// this one, so the spec runs a server of its own (no demo history).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import type { TList, TReviewRow } from '@salesdesk/contract';
import { ownServer, type OwnServer } from '../support/own-server';

// Before the helpers are imported: they read the server's address once.
const server: OwnServer = await ownServer();
const { api, apiLogin, createAgent, createOffice, createSite } = await import('../support/api');
const { clickLink, postback } = await import('../support/events');
const { launchBrowser, newPage, openSignedIn } = await import('../support/browser');

let browser: Browser;
let superToken: string;
let agent: { id: number; username: string };
let saleId: number;

const queue = (body: object) => api<TList<TReviewRow>>(superToken, 'POST', 'review/search', body);

before(async () => {
  await server.start(0);
  superToken = await apiLogin('super');
  await api(superToken, 'POST', 'options', [
    { name: 'fraud_fast_sale', value: 'hold' },
    { name: 'fraud_fast_sale_seconds', value: '15' },
  ]);
  const site = await createSite(superToken);
  const office = await createOffice(superToken, { siteIds: [site.id] });
  agent = await createAgent(superToken, { officeId: office.id, sites: [{ siteId: site.id, enable: true }] });
  const clickId = await clickLink(site.id, site.typeIds[0]!, agent.id);
  await new Promise((r) => setTimeout(r, 5000));
  saleId = await postback(site.id, site.postbackToken, clickId);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server.remove();
});

describe('the review queue', () => {
  it('holds a sale 5 s after its click with the fast-sale rule', async () => {
    const held = await queue({ agentId: agent.id, status: 'held' });
    assert.deepEqual(
      held.items.map((r) => ({ id: r.id, status: r.status, rules: r.rules })),
      [{ id: saleId, status: 'held', rules: ['fastSale'] }],
    );
    const seconds = held.items[0]!.clickToSale!;
    assert.ok(seconds >= 5 && seconds < 15, `click to sale ${seconds} s`);
  });

  it('shows it to a reviewer with the held count in the menu, and approves it there with a reason', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/home');
    const entry = page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /Review Queue/ });
    await entry.getByText('1 held').waitFor();
    await entry.click();
    await page.getByRole('heading', { name: 'Review Queue' }).waitFor();
    const row = page.locator('tbody tr').filter({ hasText: agent.username });
    await row.getByText('Sale soon after its click').waitFor();
    assert.equal(await row.getByRole('cell', { name: 'Held', exact: true }).count(), 1);
    await page.mouse.move(0, 0); // no menu entry under the pointer (its hover colours)
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`),
      [],
      'no serious accessibility violations',
    );

    await row.getByRole('button', { name: `Approve sale ${saleId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Approve this held sale?').waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('Customer confirmed the order by phone');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('1 sale approved').waitFor();
    await row.getByRole('cell', { name: 'Approved', exact: true }).waitFor();
    await entry.getByText('0 held').waitFor();

    const [approved] = (await queue({ agentId: agent.id })).items;
    assert.deepEqual(
      { id: approved?.id, status: approved?.status, rules: approved?.rules, note: approved?.note },
      { id: saleId, status: 'approved', rules: ['fastSale'], note: 'Customer confirmed the order by phone' },
    );
    await page.close();
  });
});
