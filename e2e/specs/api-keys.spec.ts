// API keys in the browser (issue 33): an admin (Settings > API Keys) and an office (Profile > API Keys),
// each the spec's own, make a key, copy it from the dialog that shows it once, call the API with it,
// revoke it after a confirmation, and the same call is then refused. An agent has no such screen.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { API_KEY_PATTERN, API_KEY_TEXTS } from '@salesdesk/contract';
import { BASE_URL, clipboardPage, launchBrowser, newPage, openSignedIn } from '../support/browser';
import {
  apiLogin,
  createAdmin,
  createAgent,
  createOffice,
  uniqueName,
  type CreatedAdmin,
  type CreatedOffice,
} from '../support/api';

const NO_ACCESS = 'You do not have access to that page';

let browser: Browser;
let superToken: string;
let admin: CreatedAdmin;
let office: CreatedOffice;
before(async () => {
  browser = await launchBrowser();
  superToken = await apiLogin('super');
  admin = await createAdmin(superToken);
  office = await createOffice(superToken);
});
after(async () => {
  await browser.close();
});

/** A read route of the stats:read scope, called as a script would. */
const readWithKey = async (key: string) =>
  (await fetch(`${BASE_URL}/api/stats/site-options`, { headers: { authorization: `Bearer ${key}` } })).status;

/** Makes a stats:read key on the list at `path`, copies it from the dialog and answers it. */
async function makeKey(page: Page, path: string, password: string, name: string): Promise<string> {
  await page.goto(path);
  await page.getByRole('heading', { name: API_KEY_TEXTS.title }).waitFor();
  await page.getByRole('link', { name: API_KEY_TEXTS.add }).click();
  await page.waitForURL(new RegExp(`${path}/create$`));
  await page.getByLabel('Name').fill(name);
  await page.getByRole('checkbox', { name: /^stats:read/ }).check();
  await page.getByLabel('Current Password').fill(password);
  await page.getByRole('button', { name: 'Create Key' }).click();
  const dialog = page.getByRole('dialog', { name: API_KEY_TEXTS.createdTitle });
  await dialog.getByText(API_KEY_TEXTS.shownOnce).waitFor();
  const shown = (await dialog.getByTestId('api-key-value').textContent())?.trim() ?? '';
  assert.match(shown, API_KEY_PATTERN);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await dialog.getByRole('button', { name: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, shown, 'Copy puts the key shown on the clipboard');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(new RegExp(`${path}$`));
  // The list shows the key by its first characters only.
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByText(`${copied.slice(0, 8)}…`).waitFor();
  assert.equal(await page.getByText(copied).count(), 0, 'the key is not shown again');
  return copied;
}

/** The table rule at a desktop and a phone size: the page fits, the row's Revoke stays in view. */
async function fitsWithRevokeInView(page: Page, name: string) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const revoke = page.getByRole('button', { name: `Revoke ${name}` });
    await revoke.waitFor();
    const [pageWidth, viewWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    assert.ok(pageWidth <= viewWidth, `${viewport.width}px: the page is ${pageWidth}px wide`);
    const box = await revoke.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= viewWidth + 1, `${viewport.width}px: Revoke in view`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function revokeKey(page: Page, name: string) {
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: API_KEY_TEXTS.revokeQuestion });
  await confirm.getByTestId('confirm-subject').filter({ hasText: name }).waitFor();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await page.getByText(API_KEY_TEXTS.revoked).first().waitFor();
  await page.getByRole('button', { name: `Revoke ${name}` }).waitFor({ state: 'detached' });
}

describe('API keys', () => {
  it('an admin makes a key under Settings, uses it, revokes it, and it is refused', async () => {
    const { context, page } = await clipboardPage(browser);
    await openSignedIn(page, admin.username, '/app/settings', admin.password);
    await page.getByRole('navigation', { name: 'Section' }).getByRole('link', { name: 'API Keys' }).click();
    await page.waitForURL(/\/app\/settings\/api-keys$/);
    const name = uniqueName('adm');
    const key = await makeKey(page, '/app/settings/api-keys', admin.password, name);
    assert.equal(await readWithKey(key), 200);
    await revokeKey(page, name);
    assert.equal(await readWithKey(key), 401);
    await context.close();
  });

  it('an office makes a key under its Profile, uses it, revokes it, and it is refused', async () => {
    const { context, page } = await clipboardPage(browser);
    await openSignedIn(page, office.username, '/app/profile', office.password);
    await page.getByRole('navigation', { name: 'Section' }).getByRole('link', { name: 'API Keys' }).click();
    await page.waitForURL(/\/app\/profile\/api-keys$/);
    // An office is offered only the scopes it holds.
    await page.getByRole('link', { name: API_KEY_TEXTS.add }).click();
    await page.getByRole('checkbox', { name: /^stats:read/ }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: /^sales:write/ }).count(), 0);
    const name = uniqueName('off');
    const key = await makeKey(page, '/app/profile/api-keys', office.password, name);
    assert.equal(await readWithKey(key), 200);
    await fitsWithRevokeInView(page, name);
    await revokeKey(page, name);
    assert.equal(await readWithKey(key), 401);
    await context.close();
  });

  it('an agent has no API keys screen: no tab, and the address lands on Home with a note', async () => {
    const agent = await createAgent(superToken, { officeId: office.id });
    const page = await newPage(browser);
    await openSignedIn(page, agent.username, '/app/profile', agent.password);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'API Keys' }).count(), 0);
    for (const path of ['/app/profile/api-keys', '/app/settings/api-keys']) {
      await page.goto(path);
      await page.waitForURL(/\/app\/home$/);
      await page.getByRole('alert').filter({ hasText: NO_ACCESS }).waitFor();
      assert.equal(await page.getByRole('heading', { name: API_KEY_TEXTS.title }).count(), 0);
    }
    await page.context().close();
  });
});
