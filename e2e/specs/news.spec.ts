import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { TLoginAlerts } from '@salesdesk/contract';
import { appAnswer, launchBrowser, loginAs, newPage } from '../support/browser';
import { CAPTCHA_ANSWER } from '../support/server';
import { api, apiLogin, createAgent, createOffice, uniqueName } from '../support/api';

type Alert = { enable: boolean; html: string };
let browser: Browser;
let page: Page;
let superToken: string;
let found: { news: { html: string }; alert: Alert };
before(async () => {
  browser = await launchBrowser();
  superToken = await apiLogin('super');
  // Every spec's login sees the common alert: put back what was there whatever happens here.
  found = {
    news: await api(superToken, 'GET', 'news/last'),
    alert: await api(superToken, 'GET', 'alerts/last'),
  };
  page = await newPage(browser);
  await loginAs(page, 'super');
});
after(async () => {
  await api(superToken, 'POST', 'news', found.news);
  await api(superToken, 'POST', 'alerts', found.alert);
  await browser.close();
});

/** Replaces the text of the (only) html editor on the page. */
async function typeInEditor(text: string) {
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A fresh browser (nothing read yet) logging in as a new agent: what the login alert shows. */
async function loginAlertText(): Promise<string | null> {
  const office = await createOffice(superToken);
  const agent = await createAgent(superToken, { officeId: office.id });
  const fresh = await newPage(browser);
  await fresh.goto('/login');
  await fresh.getByLabel('Username').fill(agent.username);
  await fresh.getByLabel('Password', { exact: true }).fill(agent.password);
  await fresh.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
  const answer = appAnswer(fresh, 'GET', 'alerts/login');
  await fresh.getByRole('button', { name: 'Login' }).click();
  await fresh.waitForURL(/\/app\//);
  // Nothing is read in a fresh browser: the app opens an alert exactly when its answer has one to show
  // (a fixed wait for the dialog was outrun on a busy machine).
  const alerts = (await (await answer).json()) as TLoginAlerts;
  const dialog = fresh.getByRole('dialog');
  let text: string | null = null;
  if (alerts.accountAlert?.html || alerts.commonAlert?.html) text = await dialog.innerText();
  else assert.equal(await dialog.count(), 0, 'no alert dialog without an alert');
  await fresh.context().close();
  return text;
}

describe('news and alerts', () => {
  it('saves the news: Success note, then home; the news is what every user reads', async () => {
    const text = `Weekly bonus ${uniqueName('n')}`;
    await page.goto('/app/news');
    await page.waitForURL(/\/app\/news\/edit$/);
    await page.getByRole('heading', { name: 'Edit News' }).waitFor();
    await page.getByRole('link', { name: 'Edit Alert' }).waitFor();
    await page.locator('.ProseMirror').waitFor();
    await typeInEditor(text);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Successfully saved').waitFor();
    await page.getByText('Success', { exact: true }).waitFor();
    await page.waitForURL(/\/app\/home$/);
    const agentToken = await apiLogin('agent05');
    const news = await api<{ html: string }>(agentToken, 'GET', 'news/last');
    assert.equal(news.html, `<p>${text}</p>`);
    await page.goto('/app/news/edit');
    await page.locator('.ProseMirror').getByText(text).waitFor();
  });

  it('saves an enabled alert, which the next login shows; a disabled one shows nothing', async () => {
    const text = `Payroll day ${uniqueName('a')}`;
    await page.goto('/app/news/alerts');
    await page.getByRole('heading', { name: 'Edit Alert' }).waitFor();
    const enable = page.getByRole('checkbox', { name: 'Enable alert' });
    await enable.waitFor();
    if (await enable.isChecked()) await enable.uncheck();
    assert.equal(await page.locator('.ProseMirror').count(), 0, 'no editor while the alert is off');
    await enable.check();
    await page.locator('.ProseMirror').waitFor();
    await typeInEditor(text);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Successfully saved').waitFor();
    await page.waitForURL(/\/app\/home$/);
    assert.match((await loginAlertText()) ?? '', new RegExp(text));

    await page.goto('/app/news/alerts');
    await page.getByRole('checkbox', { name: 'Enable alert' }).uncheck();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(/\/app\/home$/);
    const saved = await api<Alert>(superToken, 'GET', 'alerts/last');
    assert.deepEqual(saved, { enable: false, html: `<p>${text}</p>` }, 'a disabled alert keeps its text');
    assert.equal(await loginAlertText(), null);
  });
});
