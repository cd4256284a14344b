// Pay periods' main path (issue 22): a sale of an earlier half-month, closed on the Pay Periods screen;
// a late refund of it then lands in the open period, and Payroll over the closed period keeps showing
// its snapshot, marked closed; then the period is marked paid. A postback cannot be dated, so this spec
// runs a server of its own (no demo history): first 20 days behind (the sale), then at the real time.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { easternDay, PAY_PERIOD_TEXTS, payPeriodOf, type TPeriod } from '@salesdesk/contract';
import { ownServer, type OwnServer } from '../support/own-server';

// Before the helpers are imported: they read the server's address once.
const server: OwnServer = await ownServer();
const { apiLogin, createAgent, createOffice, createSite } = await import('../support/api');
const { clickLink, newTxId, postback, reversalPostback } = await import('../support/events');
const { launchBrowser, newPage, openSignedIn } = await import('../support/browser');
const { cell, load, statsTable } = await import('../support/stats-page');

const DAY = 86_400_000;
// Twenty days back is in a half-month that has ended (a half-month is at most 16 days).
const closed: TPeriod = payPeriodOf('half-month', easternDay(new Date(Date.now() - 20 * DAY)), null);
const label = `${closed.start} - ${closed.end}`;
let browser: Browser;
let agentLabel: string;
let officeId: number;
let siteId: number;
let refund: () => ReturnType<typeof reversalPostback>;

before(async () => {
  await server.start(-20);
  const superToken = await apiLogin('super');
  const site = await createSite(superToken, {}, [{ payout: '100.00', earning: '10.00' }]);
  const office = await createOffice(superToken, { siteIds: [site.id] });
  const agent = await createAgent(superToken, {
    officeId: office.id,
    sites: [{ siteId: site.id, enable: true }],
  });
  const txId = newTxId();
  await postback(site.id, site.postbackToken, await clickLink(site.id, site.typeIds[0]!, agent.id), { txId });
  await server.start(0);
  agentLabel = `${agent.username} (Test Agent)`;
  officeId = office.id;
  siteId = site.id;
  refund = () => reversalPostback(site.id, site.postbackToken, txId, 'refund');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server.remove();
});

describe('pay periods', () => {
  it('closes an ended period, keeps its payroll through a late refund, and marks it paid', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'super', '/app/stats/pay-periods');
    await page.getByRole('heading', { name: PAY_PERIOD_TEXTS.title, level: 1 }).waitFor();
    const table = page.getByRole('table', { name: PAY_PERIOD_TEXTS.title });
    const row = table.getByRole('row').filter({ hasText: label });
    await row.getByText('Open').waitFor();
    assert.ok((await row.innerText()).includes('₱100'), 'the open period shows its sale live');

    await row.getByRole('button', { name: `Close ${label}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(PAY_PERIOD_TEXTS.closeConfirm(closed)).waitFor();
    await dialog.getByRole('button', { name: 'Close period' }).click();
    await row.getByText('Closed', { exact: true }).waitFor();

    // A refund now, of the closed period's sale: paid in the open period, not in the closed one.
    assert.equal((await refund()).ok, true);
    await page.reload();
    await row.getByText('Closed', { exact: true }).waitFor();
    assert.ok((await row.innerText()).includes('₱100'), 'the closed period keeps its payout');
    assert.ok(
      (await table.getByRole('row').filter({ hasText: '-₱100' }).count()) === 1,
      'the refund is open',
    );

    await page.goto(
      `/app/stats/sites-payout?siteId=${siteId}&groupBy=agent&companyId=${officeId}` +
        `&start=${closed.start}&end=${closed.end}`,
    );
    await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor();
    await load(page);
    await statsTable(page).getByText(agentLabel).waitFor();
    await page.getByText(/^Closed on \d{4}-\d{2}-\d{2} by super$/).waitFor();
    assert.equal(await cell(page, agentLabel, 'Main Payout'), '₱100');

    await page.goto('/app/stats/pay-periods');
    await row.getByRole('button', { name: `Mark paid ${label}` }).click();
    await dialog.getByText(PAY_PERIOD_TEXTS.paidConfirm(closed)).waitFor();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await row.getByText('Paid', { exact: true }).waitFor();
    assert.equal(await row.getByRole('button').count(), 0, 'a paid period offers nothing');
    await page.close();
  });
});
