// Webhooks in the browser (issue 34): the demo admin who sees earnings (Settings > Webhooks) and an office
// of the spec's own (Profile > Webhooks) each make a webhook to a local address where nothing listens,
// copy its secret from the dialog that shows it once, send a test event, watch its attempt appear in the
// Delivery Log (refused or failed: private addresses are refused by default), resend it, and delete the
// webhook after a confirmation. The list keeps its row actions in view at 1280x800. Agents and admins
// without earnings have no such screen.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ATTEMPT_OUTCOME_LABELS, WEBHOOK_SECRET_PREFIX, WEBHOOK_TEXTS } from '@salesdesk/contract';
import { clipboardPage, launchBrowser, newPage, openSignedIn, WIDE } from '../support/browser';
import { apiLogin, createAgent, createOffice, uniqueName, type CreatedOffice } from '../support/api';
import { assertKeptInView, LAPTOP, SIZES } from '../support/tables';

const NO_ACCESS = 'You do not have access to that page';
const TEST_EVENT = 'webhook.test';

let browser: Browser;
let superToken: string;
let office: CreatedOffice;
let hookUrl: string;

/** A local port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

before(async () => {
  browser = await launchBrowser();
  superToken = await apiLogin('super');
  office = await createOffice(superToken);
  hookUrl = `http://127.0.0.1:${await closedPort()}/hook`;
});
after(async () => {
  await browser.close();
});

const section = (page: Page) => page.getByRole('navigation', { name: 'Section' });
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Makes a webhook on the list at `path` through the form, copies its secret from the dialog, and answers it. */
async function makeWebhook(page: Page, path: string, name: string): Promise<string> {
  await page.getByRole('link', { name: WEBHOOK_TEXTS.add }).click();
  await page.waitForURL(new RegExp(`${path}/create$`));
  await page.getByRole('heading', { name: WEBHOOK_TEXTS.createTitle }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('radio', { name: /^Webhook/ }).check();
  await page.getByLabel(/^URL/).fill(hookUrl);
  // No event is chosen until asked; the test event comes whatever the webhook receives.
  await page.getByRole('checkbox', { name: 'sale.created' }).waitFor();
  assert.equal(await page.getByRole('checkbox', { checked: true }).count(), 0, 'no event chosen by default');
  await page.getByRole('checkbox', { name: 'agent.suspended' }).check();
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  const dialog = page.getByRole('dialog', { name: WEBHOOK_TEXTS.createdTitle });
  await dialog.getByText(WEBHOOK_TEXTS.secretShownOnce).waitFor();
  const shown = (await dialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
  assert.ok(shown.startsWith(WEBHOOK_SECRET_PREFIX), `a signing secret: ${shown.slice(0, 10)}…`);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await dialog.getByRole('button', { name: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, shown, 'Copy puts the secret shown on the clipboard');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(new RegExp(`${path}$`));
  await rowOf(page, name).getByText(hookUrl).waitFor();
  assert.equal(await page.getByText(copied).count(), 0, 'the secret is not shown again');
  return copied;
}

/** The test event's attempt rows of the Delivery Log now, reloaded until there are at least `atLeast`. */
async function testAttempts(page: Page, atLeast: number) {
  const rows = rowOf(page, TEST_EVENT);
  for (let tries = 0; ; tries++) {
    await page.reload();
    await page.locator('table[aria-busy="false"]').waitFor();
    if ((await rows.count()) >= atLeast) return rows;
    assert.ok(tries < 60, `${atLeast} attempt(s) of the test event in the Delivery Log`);
    await page.waitForTimeout(1000);
  }
}

/** Sends a test event from the list, opens the Delivery Log, sees its attempt, and resends it. */
async function testAndResend(page: Page, path: string, name: string) {
  await page.getByRole('button', { name: `Send test event ${name}` }).click();
  await page.getByText(WEBHOOK_TEXTS.testSent).first().waitFor();
  await page.getByRole('link', { name: `${WEBHOOK_TEXTS.deliveriesTitle} ${name}` }).click();
  await page.waitForURL(new RegExp(`${path}/\\d+$`));
  await page.getByRole('heading', { name: WEBHOOK_TEXTS.deliveriesTitle }).waitFor();
  await page.getByTestId('webhook-name').filter({ hasText: name }).waitFor();
  // Wide enough that no column gives way to the row's detail; the Event filter goes into the URL.
  await page.setViewportSize(WIDE);
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: TEST_EVENT, exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/eventType=webhook\.test/);
  const first = (await testAttempts(page, 1)).first();
  const outcome = (await first.innerText()).trim();
  assert.ok(
    [ATTEMPT_OUTCOME_LABELS.retrying, ATTEMPT_OUTCOME_LABELS.failed].some((o) => outcome.includes(o)),
    `a refused private address: ${outcome}`,
  );
  assert.match(outcome, /evt_[0-9a-f]{32}/, 'the event id is shown');
  await first.getByRole('button', { name: /^Resend/ }).click();
  await page.getByText(WEBHOOK_TEXTS.resent).first().waitFor();
  await testAttempts(page, 2);
  // The log keeps its Resend in view on a laptop and a phone too.
  const log = new URL(page.url()).pathname;
  for (const { name: where, viewport } of SIZES) {
    await page.setViewportSize(viewport);
    await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
    await assertKeptInView(page, log, where);
  }
}

/** At 1280x800 and on a phone the list fits and its row's actions stay in view; then it is deleted. */
async function fitsThenDelete(page: Page, path: string, name: string) {
  for (const { name: where, viewport } of [...SIZES].reverse()) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await rowOf(page, name).waitFor();
    await assertKeptInView(page, path, where);
  }
  for (const verb of ['Edit', WEBHOOK_TEXTS.deliveriesTitle, 'Send test event', 'Disable', 'Delete']) {
    const box = await page
      .getByRole(verb === 'Edit' || verb === WEBHOOK_TEXTS.deliveriesTitle ? 'link' : 'button', {
        name: `${verb} ${name}`,
      })
      .boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= LAPTOP.width + 1, `${verb} in view at 1280px`);
  }
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: WEBHOOK_TEXTS.deleteQuestion });
  await confirm.getByTestId('confirm-subject').filter({ hasText: name }).waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText(WEBHOOK_TEXTS.deleted).first().waitFor();
  await rowOf(page, name).waitFor({ state: 'detached' });
}

describe('webhooks', () => {
  it('the admin who sees earnings makes a webhook under Settings, tests it, resends it, rotates its secret and deletes it', async () => {
    const { context, page } = await clipboardPage(browser);
    const path = '/app/settings/webhooks';
    await openSignedIn(page, 'admin', '/app/settings');
    await section(page).getByRole('link', { name: WEBHOOK_TEXTS.tab }).click();
    await page.waitForURL(new RegExp(`${path}$`));
    await page.getByRole('heading', { name: WEBHOOK_TEXTS.title }).waitFor();
    const name = uniqueName('adm');
    const secret = await makeWebhook(page, path, name);
    // A new secret, shown once after asking.
    await page.getByRole('button', { name: `Rotate secret ${name}` }).click();
    const ask = page.getByRole('dialog').filter({ hasText: WEBHOOK_TEXTS.rotateQuestion });
    await ask.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: WEBHOOK_TEXTS.rotatedTitle });
    const fresh = (await rotated.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    assert.ok(fresh.startsWith(WEBHOOK_SECRET_PREFIX) && fresh !== secret, 'a new secret');
    await rotated.getByRole('button', { name: 'Done' }).click();
    await rotated.waitFor({ state: 'detached' });
    await testAndResend(page, path, name);
    await fitsThenDelete(page, path, name);
    await context.close();
  });

  it('an office makes a webhook under its Profile, tests it, resends it and deletes it', async () => {
    const { context, page } = await clipboardPage(browser);
    const path = '/app/profile/webhooks';
    await openSignedIn(page, office.username, '/app/profile', office.password);
    await section(page).getByRole('link', { name: WEBHOOK_TEXTS.tab }).click();
    await page.waitForURL(new RegExp(`${path}$`));
    const name = uniqueName('off');
    await makeWebhook(page, path, name);
    await testAndResend(page, path, name);
    await fitsThenDelete(page, path, name);
    await context.close();
  });

  it('an agent, and an admin without earnings, have no Webhooks screen: no tab, and the address lands on Home', async () => {
    const agent = await createAgent(superToken, { officeId: office.id });
    const cases = [
      { username: agent.username, password: agent.password, home: '/app/profile', heading: 'Profile' },
      { username: 'admin2', password: undefined, home: '/app/settings', heading: 'Black List Ip' },
    ];
    for (const who of cases) {
      const page = await newPage(browser);
      await openSignedIn(page, who.username, who.home, who.password);
      await page.getByRole('heading', { name: who.heading }).waitFor();
      assert.equal(
        await page.getByRole('link', { name: WEBHOOK_TEXTS.tab }).count(),
        0,
        `${who.username}: no tab`,
      );
      for (const path of [
        '/app/profile/webhooks',
        '/app/settings/webhooks',
        '/app/settings/webhooks/create',
      ]) {
        await page.goto(path);
        await page.waitForURL(/\/app\/home$/);
        await page.getByRole('alert').filter({ hasText: NO_ACCESS }).waitFor();
        assert.equal(await page.getByRole('heading', { name: WEBHOOK_TEXTS.title, exact: true }).count(), 0);
      }
      await page.context().close();
    }
  });
});
