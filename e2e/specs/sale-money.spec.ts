// Money changed by hand on the sale logs: an admin who sees earnings refunds a sale from its row menu
// with a reason, and adds an adjustment through its form. Every row is the spec's own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';
import {
  apiLogin,
  createAdmin,
  createAgent,
  createOffice,
  createSite,
  type CreatedAdmin,
  type CreatedAgent,
} from '../support/api';
import { clickLink, postback } from '../support/events';

let browser: Browser;
let admin: CreatedAdmin;
let agent: CreatedAgent;
let saleId: number;
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  const site = await createSite(superToken, {}, [{ payout: '1520.50', earning: '12.00' }]);
  const office = await createOffice(superToken, { siteIds: [site.id] });
  agent = await createAgent(superToken, { officeId: office.id, sites: [{ siteId: site.id, enable: true }] });
  const click = await clickLink(site.id, site.typeIds[0]!, agent.id);
  saleId = await postback(site.id, site.postbackToken, click, { email: 'refunded@example.com' });
  admin = await createAdmin(superToken, { earningVisible: true });
});
after(async () => {
  await browser.close();
});

const rows = (p: Page) => p.locator('tbody tr');
const rowOf = (p: Page, type: string) =>
  rows(p).filter({ has: p.locator('td', { hasText: new RegExp(`^${type}$`) }) });

describe('sale logs: money by hand', () => {
  it('an admin refunds a sale from its row menu, with a reason; the sale shows Reversed beside its Refund row', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, admin.username, `/app/logs/sale-logs?agentId=${agent.id}`);
    await rowOf(page, 'Sale').waitFor();
    await page.getByRole('button', { name: `Actions for sale ${saleId}` }).click();
    await page.getByRole('menuitem', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Refund this sale?').waitFor();
    const subject = await dialog.getByTestId('confirm-subject').innerText();
    assert.match(
      subject,
      new RegExp(`^Sale ${saleId} · ${agent.username} · E2E site.* · click \\d+ · ₱1,520\\.5 / \\$12\\.00$`),
    );

    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The customer asked for the money back');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('Sale refunded').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await rowOf(page, 'Refund').waitFor();
    assert.equal(await rows(page).count(), 2);
    const sale = await rowOf(page, 'Sale').locator('td').allInnerTexts();
    const refund = await rowOf(page, 'Refund').locator('td').allInnerTexts();
    assert.ok(sale.includes('Reversed'), sale.join(' | '));
    assert.ok(sale.includes('₱1,520.5'), sale.join(' | '));
    assert.ok(refund.includes('-₱1,520.5'), refund.join(' | '));
    assert.ok(refund.includes('-$12.00'), refund.join(' | '));
    // Reversed once: its menu is gone.
    assert.equal(await page.getByRole('button', { name: `Actions for sale ${saleId}` }).count(), 0);

    // The status filter finds it among the reversed.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Reversed' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/status=reversed/);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    assert.equal(await rowOf(page, 'Sale').count(), 1);
    await page.close();
  });

  it('an adjustment added through its form appears in the sale logs', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, admin.username, '/app/logs/sale-logs');
    await page.getByRole('link', { name: 'Add adjustment' }).click();
    await page.waitForURL(/\/app\/logs\/adjustments\/create$/);
    await page.getByRole('heading', { name: 'Add adjustment' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Choose an agent').waitFor();

    await page.getByRole('combobox', { name: 'Agent' }).fill(agent.username);
    await page.getByRole('option', { name: agent.username, exact: true }).click();
    await page.getByRole('textbox', { name: 'Payout (₱)' }).fill('-25.50');
    await page
      .getByRole('textbox', { name: 'Note', exact: true })
      .fill('Partial refund the site did not post');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/app\/logs\/sale-logs$/);
    await page.getByText('Adjustment added').waitFor();

    await page.goto(`/app/logs/sale-logs?agentId=${agent.id}&recordType=5`);
    await rowOf(page, 'Adjustment').waitFor();
    assert.equal(await rows(page).count(), 1);
    const cells = await rowOf(page, 'Adjustment').locator('td').allInnerTexts();
    assert.ok(cells.includes('-₱25.5'), cells.join(' | '));
    assert.ok(cells.includes(agent.username), cells.join(' | '));
    await page.close();
  });
});
