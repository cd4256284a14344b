// Pay statements' main path (issue 22): a sale in a pay period that is then closed; a refund of it that
// arrives dated in the closed period is paid in the next period, so it shows on the next period's
// statement (which carries the negative balance) and never on the closed one. Postbacks cannot be dated,
// so the spec runs a server of its own: its clock in the older period for the sale, at the real time for
// the closes, and back in the closed period for the late refund.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addDays, easternDay, payPeriodOf, type TPeriod } from '@salesdesk/contract';
import { ownServer, type OwnServer } from '../support/own-server';

// Before the helpers are imported: they read the server's address once.
const server: OwnServer = await ownServer();
const { api, apiLogin, createAgent, createOffice, createSite } = await import('../support/api');
const { clickLink, newTxId, postback, reversalPostback } = await import('../support/events');
const { launchBrowser, newPage, openSignedIn } = await import('../support/browser');
const { exportCsv } = await import('../support/stats-page');

// The two periods before the current one (half-month, the default cycle): P1 holds the sale and closes
// first; P2 is where the late refund is paid. Both have ended, so both can close.
const today = easternDay(new Date());
const current = payPeriodOf('half-month', today, null);
const P2: TPeriod = payPeriodOf('half-month', addDays(current.start, -1), null);
const P1: TPeriod = payPeriodOf('half-month', addDays(P2.start, -1), null);
const daysTo = (day: string) => Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);

let browser: Browser;
let agent: { username: string; password: string };

const close = async (start: string) => {
  const token = await apiLogin('super');
  await api(token, 'POST', `pay-periods/${start}/close`);
};

before(async () => {
  // In P1: the site, its office and agent, a click and the sale.
  await server.start(daysTo(addDays(P1.start, 3)));
  const superToken = await apiLogin('super');
  const site = await createSite(superToken, {}, [{ payout: '100.00', earning: '10.00' }]);
  const office = await createOffice(superToken, { siteIds: [site.id] });
  const created = await createAgent(superToken, {
    officeId: office.id,
    sites: [{ siteId: site.id, enable: true }],
  });
  agent = created;
  const txId = newTxId();
  await postback(site.id, site.postbackToken, await clickLink(site.id, site.typeIds[0]!, created.id), {
    txId,
  });

  // Now: P1 closes with the sale.
  await server.start(0);
  await close(P1.start);

  // Back in P1, after its close: the site refunds the sale. Its date is in P1, which is closed, so it is
  // paid in the first open period after it.
  await server.start(daysTo(addDays(P1.start, 5)));
  const answer = await reversalPostback(site.id, site.postbackToken, txId, 'refund');
  assert.equal(answer.duplicate, false);

  // Now: P2 closes with the refund.
  await server.start(0);
  await close(P2.start);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server.remove();
});

const statementRow = (page: Page, p: TPeriod) =>
  page
    .getByRole('table', { name: 'Pay Statements' })
    .getByRole('row')
    .filter({ hasText: `${p.start} - ${p.end}` });

async function openStatement(page: Page, p: TPeriod) {
  await page.goto('/app/stats/pay-statements');
  await statementRow(page, p).getByRole('link', { name: 'View' }).click();
  await page.getByRole('heading', { name: 'Pay Statement', level: 1 }).waitFor();
  return page.getByRole('table', { name: 'Pay Statement' });
}

/** The text of the statement table's row starting with `label`. */
async function line(page: Page, label: string): Promise<string> {
  const row = page.getByRole('table', { name: 'Pay Statement' }).getByRole('row').filter({ hasText: label });
  return (await row.first().innerText()).replace(/\s+/g, ' ').trim();
}

describe('a late refund', () => {
  it("is on the next period's statement, which carries the balance, and not on the closed one", async () => {
    const page = await newPage(browser);
    await openSignedIn(page, agent.username, '/app/stats/pay-statements', agent.password);
    // Newest period first: P2 owes ₱100, P1 paid ₱100.
    // While the list loads the table holds one empty row; read it once the list has answered.
    const rows = page
      .getByRole('table', { name: 'Pay Statements' })
      .and(page.locator('[aria-busy="false"]'))
      .locator('tbody tr');
    await rows.first().waitFor();
    assert.deepEqual(
      (await rows.allInnerTexts()).map((r) =>
        r
          .split('\t')
          .slice(0, 6)
          .map((c) => c.trim()),
      ),
      [
        [`${P2.start} - ${P2.end}`, 'Closed', '-₱100', '₱0', '₱0', '-₱100'],
        [`${P1.start} - ${P1.end}`, 'Closed', '₱100', '₱0', '₱100', '₱0'],
      ],
    );

    const closed = await openStatement(page, P1);
    await closed.getByText('Sales').first().waitFor();
    assert.match(await line(page, 'Sales'), /^Sales .* 1 ₱100$/);
    assert.equal(await closed.getByText('Refunds and chargebacks').count(), 0, 'no refund on the closed one');
    assert.match(await line(page, 'Payable'), /Payable ₱100/);

    const next = await openStatement(page, P2);
    await next.getByText('Refunds and chargebacks').waitFor();
    assert.match(await line(page, 'Refunds and chargebacks'), / 1 -₱100$/);
    assert.match(await line(page, 'Total'), /Total -₱100/);
    assert.match(await line(page, 'Payable'), /Payable ₱0/);
    assert.match(await line(page, 'Carried out'), /Carried out -₱100/);
    await page.getByText('A negative balance is not paid: it is carried into the next statement.').waitFor();

    const file = await exportCsv(page);
    assert.equal(file[0], 'Line,Site,Count,Payout (₱),AVP ($),Note');
    assert.ok(file.includes('Carried out,,,-100,,'), file.join('\n'));

    await page.getByLabel('Print version').check({ force: true });
    await page.getByRole('button', { name: 'Export CSV' }).waitFor({ state: 'detached' });
    await next.getByText('Refunds and chargebacks').waitFor();
    await page.close();
  });

  it('says which period pays an adjustment dated in a closed one; statements name it, its paid date, and print bare', async () => {
    const superToken = await apiLogin('super');
    await api(superToken, 'POST', `pay-periods/${P1.start}/paid`);
    const brand = await api<{ displayName: string }>(superToken, 'GET', 'brand');

    // An adjustment dated in P1 (paid) is paid in the first open period, after P2.
    const admin = await newPage(browser);
    await openSignedIn(admin, 'super', '/app/logs/adjustments/create');
    await admin.getByRole('combobox', { name: 'Agent' }).fill(agent.username);
    await admin.getByRole('option', { name: agent.username, exact: true }).click();
    await admin.getByRole('textbox', { name: 'Payout (₱)' }).fill('25');
    await admin.getByRole('textbox', { name: 'Date' }).fill(addDays(P1.start, 2));
    await admin.getByRole('textbox', { name: 'Note', exact: true }).fill('internal: goodwill');
    await admin.getByRole('textbox', { name: 'Note to agent' }).fill('Thank you for the month');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(`Dated in a closed period: paid in ${current.start} - ${current.end}`).waitFor();
    await admin.close();

    const page = await newPage(browser);
    await openSignedIn(page, agent.username, '/app/stats/pay-statements', agent.password);
    // The period filter is a choice of the closed periods, newest first.
    await page
      .locator('input')
      .and(page.getByLabel('Period', { exact: true }))
      .click();
    const choices = page.getByRole('option');
    await choices.first().waitFor();
    assert.deepEqual(await choices.allInnerTexts(), [`${P2.start} - ${P2.end}`, `${P1.start} - ${P1.end}`]);
    await page.getByRole('option', { name: `${P1.start} - ${P1.end}` }).click();
    await page
      .getByRole('search', { name: 'Load statements' })
      .getByRole('button', { name: 'Search' })
      .click();
    await page.waitForURL(new RegExp(`start=${P1.start}`));
    // The unfiltered list stays on screen, not busy, until the filtered one's request starts: wait for it to go.
    await statementRow(page, P2).waitFor({ state: 'detached' });
    const rows = page
      .getByRole('table', { name: 'Pay Statements' })
      .and(page.locator('[aria-busy="false"]'))
      .locator('tbody tr');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 1);
    assert.ok((await rows.first().innerText()).includes('Paid'));

    const table = await openStatement(page, P1);
    await table.getByText('Sales').first().waitFor();
    const paidOn = page.getByText(/^Paid on \d{4}-\d{2}-\d{2}/);
    await paidOn.waitFor();

    // Print: the browser's print of the page; printed, no app frame, the brand, agent, period and figures.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    assert.equal(await page.evaluate(() => (window as unknown as { printed: number }).printed), 1);
    await page.emulateMedia({ media: 'print' });
    for (const gone of [
      page.locator('.mantine-AppShell-navbar'),
      page.getByRole('link', { name: 'Pay Statements', exact: true }),
      page.getByText('World clock'),
      page.getByText(/^User: /),
      page.getByLabel('Print version'),
      page.getByRole('button', { name: 'Logout' }),
      page.getByRole('button', { name: 'Print', exact: true }),
    ]) {
      assert.equal(await gone.first().isVisible(), false, String(gone));
    }
    assert.equal(await page.locator('.mantine-AppShell-header').isVisible(), false);
    const printed = await page.locator('main').innerText();
    for (const shown of [brand.displayName, agent.username, `${P1.start} - ${P1.end}`, 'Payable', '₱100']) {
      assert.ok(printed.includes(shown), `printed page lacks ${shown}:\n${printed}`);
    }
    assert.ok(await paidOn.isVisible());
    await page.screenshot({ path: '/tmp/statement-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.close();
  });
});
