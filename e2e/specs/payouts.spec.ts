// Payouts' main path (issue 36): an agent sets its payout details in Profile; an admin makes the batch of
// a closed period, confirms the line held by that fresh change, downloads the bank file, uploads the bank's
// result file and sees the lines paid; the agents see the payment in their history. The sales must be
// dated in an ended period and one agent's details must be older than 48 hours, so the spec runs a server
// of its own: its clock in the period for the sales and that agent's details, then at the real time.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addDays, easternDay, payPeriodOf, payoutReference, type TPeriod } from '@salesdesk/contract';
import { ownServer, type OwnServer } from '../support/own-server';

// Before the helpers are imported: they read the server's address once.
const server: OwnServer = await ownServer();
const { api, apiLogin, createAgent, createOffice, createSite } = await import('../support/api');
const { clickLink, postback } = await import('../support/events');
const { launchBrowser, listLoaded, newPage, openAs, WIDE } = await import('../support/browser');
const { keptInView, LAPTOP, PHONE } = await import('../support/tables');

// The period before the current one (half-month, the default cycle): it has ended, so it can close.
const today = easternDay(new Date());
const current = payPeriodOf('half-month', today, null);
const P: TPeriod = payPeriodOf('half-month', addDays(current.start, -1), null);
const PERIOD = `${P.start} - ${P.end}`;
const daysTo = (day: string) => Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);

type Agent = { id: number; username: string; password: string };
let browser: Browser;
/** Set its details weeks ago (through the API); sets them now in Profile; has none. */
let early: Agent;
let fresh: Agent;
let without: Agent;

before(async () => {
  // In P: the site, its office, three agents with a sale each, and the first agent's details.
  await server.start(daysTo(addDays(P.start, 2)));
  const superToken = await apiLogin('super');
  const site = await createSite(superToken, {}, [{ payout: '1520.00', earning: '20.00' }]);
  const office = await createOffice(superToken, { siteIds: [site.id] });
  const agent = () =>
    createAgent(superToken, { officeId: office.id, sites: [{ siteId: site.id, enable: true }] });
  [early, fresh, without] = [await agent(), await agent(), await agent()];
  for (const a of [early, fresh, without])
    await postback(site.id, site.postbackToken, await clickLink(site.id, site.typeIds[0]!, a.id));
  await api(await apiLogin(early.username, early.password), 'PUT', 'profile/payout', {
    details: { method: 'bank', bank: 'BDO', accountName: 'Early Agent', accountNumber: '001234567890' },
    currentPassword: early.password,
  });

  // Now: P closes with the three sales.
  await server.start(0);
  await api(await apiLogin('super'), 'POST', `pay-periods/${P.start}/close`);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server.remove();
});

const linesTable = (page: Page) => page.getByRole('table', { name: 'Payout batch lines' });
const lineRow = (page: Page, a: Agent) =>
  linesTable(page)
    .locator('tbody tr')
    .filter({ hasText: `${a.username} (` });

/** From the batches list to the batch of PERIOD: its own lines, not the list still on screen while it loads. */
async function openBatch(page: Page): Promise<void> {
  await page.getByRole('link', { name: `View ${PERIOD}` }).click();
  await page.waitForURL(/\/app\/stats\/payouts\/\d+$/);
  await linesTable(page).and(page.locator('[aria-busy="false"]')).locator('tbody tr td').first().waitFor();
}

describe('payouts', () => {
  it('an agent sets its payout details in Profile, with its current password', async () => {
    const page = await newPage(browser);
    await openAs(page, fresh.username, '/app/profile', fresh.password);
    const form = page.getByRole('form', { name: 'Payout details' });
    await page.getByText('No payout details yet').waitFor();
    await form.locator('input').and(form.getByLabel('Payout method')).click();
    await page.getByRole('option', { name: 'Bank transfer' }).click();
    await form.getByRole('textbox', { name: 'Bank' }).fill('Metrobank');
    await form.getByRole('textbox', { name: 'Account name' }).fill('Fresh Agent');
    // Enter submits: a click's mouse-down would blur the field, whose error then moves the button away.
    await form.getByRole('textbox', { name: 'Account number' }).fill('12345');
    await form.getByRole('textbox', { name: 'Account number' }).press('Enter');
    await form.getByText('Account number must be 10 to 16 digits').waitFor();
    await form.getByText('Current password is required').waitFor();
    await form.getByRole('textbox', { name: 'Account number' }).fill('9876543210');
    await form.getByLabel('Current Password').fill('wrong-password');
    await form.getByLabel('Current Password').press('Enter');
    // The server refuses a wrong password on its field; nothing is saved.
    await form.getByText('Current password is wrong').waitFor();
    await page.getByText('No payout details yet').waitFor();
    await form.getByLabel('Current Password').fill(fresh.password);
    await form.getByLabel('Current Password').press('Enter');
    await page.getByText('Payout details saved').first().waitFor();
    await page.getByText('Bank transfer ••••3210').waitFor();
    await page.getByText(/^Changed recently: payments wait until /).waitFor();
    await page.context().close();
  });

  it('an admin makes the batch of the closed period, confirms the held line, downloads the bank file and records the result file', async () => {
    const page = await newPage(browser, WIDE);
    await openAs(page, 'super', '/app/stats/payouts');
    await page.locator('input').and(page.getByLabel('Closed period')).click();
    await page.getByRole('option', { name: PERIOD }).click();
    await page.getByRole('button', { name: 'Make batch' }).click();
    await page.waitForURL(/\/app\/stats\/payouts\/\d+$/);
    await page.getByText(/ in \d+ lines: paid /).waitFor();
    await lineRow(page, early).waitFor();

    // The agent whose details changed under 48 hours ago waits unless confirmed; the one without any is apart.
    assert.match(await lineRow(page, early).innerText(), /Bank transfer ••••7890[\s\S]*₱1,520[\s\S]*Pending/);
    assert.match(await lineRow(page, fresh).innerText(), /Held: details changed/);
    const apart = page.getByRole('table', { name: 'Agents without payout details' });
    await apart.getByText(`${without.username} (`).waitFor();
    await lineRow(page, fresh)
      .getByRole('button', { name: `Confirm ${fresh.username}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Pay this line in this batch although its details changed less than 48 hours ago?')
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Line confirmed').first().waitFor();
    await lineRow(page, fresh).filter({ hasText: 'Pending' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Bank transfer file' }).click(),
    ]);
    const text = await fs.readFile(await download.path(), 'utf8');
    const lines = text.trim().split('\r\n');
    const ref = (a: Agent) => payoutReference(P.start, a.username);
    assert.equal(lines[0], 'Account name,Account number,Bank,Amount,Reference');
    assert.deepEqual(
      lines.slice(1).sort(),
      [
        `Early Agent,001234567890,BDO,1520.00,${ref(early)}`,
        `Fresh Agent,9876543210,Metrobank,1520.00,${ref(fresh)}`,
      ].sort(),
    );

    // A result file with an unknown reference is refused whole, its line named.
    const upload = page.locator('input[type="file"]');
    const file = (name: string, body: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(body) });
    await upload.setInputFiles(
      file('bad.csv', `reference,status,bank reference\r\n${ref(early)},paid,BDO-1\r\nSD-nobody,paid,X\r\n`),
    );
    const refused = page.getByRole('alert').filter({ hasText: 'The file was refused: nothing was recorded' });
    await refused.getByText(/^Line 3: Unknown reference/).waitFor();
    assert.match(await lineRow(page, early).innerText(), /Pending/);

    await upload.setInputFiles(
      file(
        'result.csv',
        `reference,status,bank reference\r\n${ref(early)},paid,BDO-1\r\n${ref(fresh)},paid,MB-2\r\n`,
      ),
    );
    await page.getByText('2 lines paid, 0 lines failed').waitFor();
    await lineRow(page, early).filter({ hasText: 'BDO-1' }).waitFor();
    await lineRow(page, fresh).filter({ hasText: 'MB-2' }).waitFor();
    for (const a of [early, fresh])
      assert.match(await lineRow(page, a).innerText(), new RegExp(`Paid[\\s\\S]*${today}`));

    // The batches list counts the paid pesos.
    await page.goto('/app/stats/payouts');
    const batch = page
      .getByRole('table', { name: 'Payouts' })
      .locator('tbody tr')
      .filter({ hasText: PERIOD });
    await batch.filter({ hasText: '₱3,040' }).waitFor();
    await page.context().close();
  });

  it("keeps the lines' amounts and actions in view at 1280x800", async () => {
    const page = await newPage(browser, LAPTOP);
    await openAs(page, 'super', '/app/stats/payouts');
    const report = await keptInView(page);
    assert.ok(report.pageWidth <= report.viewWidth, `${report.pageWidth}px in ${report.viewWidth}px`);
    assert.deepEqual(report.outside, []);
    await openBatch(page);
    const lines = await keptInView(page);
    assert.ok(lines.kept > 0);
    assert.ok(lines.pageWidth <= lines.viewWidth, `${lines.pageWidth}px in ${lines.viewWidth}px`);
    assert.deepEqual(lines.outside, []);
    await page.context().close();
  });

  it('reads on a phone (390x844): the batches, a batch and the payment history, with no sideways scroll', async () => {
    const page = await newPage(browser, PHONE);
    await openAs(page, 'super', '/app/stats/payouts');
    await listLoaded(page);
    for (const step of ['batches', 'batch'] as const) {
      if (step === 'batch') {
        await openBatch(page);
      }
      const r = await keptInView(page);
      assert.ok(r.pageWidth <= r.viewWidth, `${step}: ${r.pageWidth}px in ${r.viewWidth}px`);
      assert.deepEqual(r.outside, [], step);
    }
    await page.context().close();
    const agentPage = await newPage(browser, PHONE);
    await openAs(agentPage, early.username, '/app/stats/payments', early.password);
    await listLoaded(agentPage);
    const history = await keptInView(agentPage);
    assert.ok(
      history.pageWidth <= history.viewWidth,
      `history: ${history.pageWidth}px in ${history.viewWidth}px`,
    );
    assert.deepEqual(history.outside, []);
    await agentPage.context().close();
  });

  it('the agent sees the payment in its history and on its statement', async () => {
    const page = await newPage(browser, WIDE);
    await openAs(page, early.username, '/app/stats/payments', early.password);
    const row = page
      .getByRole('table', { name: 'Payment history' })
      .locator('tbody tr')
      .filter({ hasText: PERIOD });
    await row.filter({ hasText: 'BDO-1' }).waitFor();
    assert.match(await row.innerText(), /Bank transfer ••••7890[\s\S]*₱1,520[\s\S]*Paid/);
    await page.goto(`/app/stats/pay-statements/${P.start}/${early.id}`);
    await page.getByText(`Payment: Paid on ${today} · Bank transfer ••••7890`, { exact: false }).waitFor();
    await page.context().close();
  });
});
