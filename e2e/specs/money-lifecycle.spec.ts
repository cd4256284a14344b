// The money lifecycle's main path (issue 21): a sale posted back in an earlier week is refunded by the
// site's postback this week; the agent's payroll for this week drops by the sale's payout and the week
// of the sale keeps it. A postback cannot be dated, so this spec runs a server of its own: first a week
// behind (the sale), then at the real time on the same data (the refund and the pages).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { weeklyHints, type TPeriod } from '@salesdesk/contract';
import { ownServer, type OwnServer } from '../support/own-server';

// Before the helpers are imported: they read the server's address once.
const server: OwnServer = await ownServer();
const { apiLogin, createAgent, createOffice, createSite } = await import('../support/api');
const { clickLink, newTxId, postback, reversalPostback } = await import('../support/events');
const { launchBrowser, newPage, openSignedIn } = await import('../support/browser');
const { cell, load, statsTable } = await import('../support/stats-page');

const PAYOUT = '100.00';
let browser: Browser;
let agentLabel: string;
let payroll: (week: TPeriod) => string;
let refund: () => ReturnType<typeof reversalPostback>;
const [thisWeek, lastWeek] = weeklyHints() as TPeriod[];

before(async () => {
  // A week ago: the site, its office and agent, a click and the sale.
  await server.start(-7);
  let superToken = await apiLogin('super');
  const site = await createSite(superToken, {}, [{ payout: PAYOUT, earning: '10.00' }]);
  const office = await createOffice(superToken, { siteIds: [site.id] });
  const agent = await createAgent(superToken, {
    officeId: office.id,
    sites: [{ siteId: site.id, enable: true }],
  });
  const txId = newTxId();
  await postback(site.id, site.postbackToken, await clickLink(site.id, site.typeIds[0]!, agent.id), { txId });

  // Today: another sale of the same payout, so this week's payroll has something to lose.
  await server.start(0);
  superToken = await apiLogin('super');
  await postback(site.id, site.postbackToken, await clickLink(site.id, site.typeIds[0]!, agent.id));
  agentLabel = `${agent.username} (Test Agent)`;
  payroll = (week) =>
    `/app/stats/sites-payout?siteId=${site.id}&groupBy=agent&companyId=${office.id}` +
    `&start=${week.start}&end=${week.end}`;
  refund = () => reversalPostback(site.id, site.postbackToken, txId, 'refund');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server.remove();
});

/** The agent's Main Payout on the Payroll page for the week. */
async function weekPayout(page: Page, week: TPeriod | undefined): Promise<string> {
  await page.goto(payroll(week!));
  await page.getByRole('heading', { name: 'Payroll', level: 1 }).waitFor();
  await load(page);
  await statsTable(page).getByText(agentLabel).waitFor();
  return cell(page, agentLabel, 'Main Payout');
}

describe('a refund postback', () => {
  it("takes the sale's payout out of the week it arrives in and leaves the week of the sale as it was", async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'super', payroll(lastWeek!));
    assert.equal(await weekPayout(page, lastWeek), '₱100', 'the sale a week ago');
    assert.equal(await weekPayout(page, thisWeek), '₱100', "this week's own sale");

    const answer = await refund();
    assert.deepEqual({ ...answer, saleId: 0 }, { ok: true, duplicate: false, saleId: 0 });
    // A repeat of the same refund changes nothing.
    assert.equal((await refund()).duplicate, true);

    assert.equal(await weekPayout(page, thisWeek), '₱0', 'this week: its sale less the refund');
    assert.equal(await weekPayout(page, lastWeek), '₱100', 'the week of the sale is unchanged');
    await page.close();
  });
});
