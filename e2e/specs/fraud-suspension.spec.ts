import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, apiLogin, createAgent, createOffice, type CreatedAgent } from '../support/api';
import { launchBrowser, loginAs, newPage } from '../support/browser';

// An agent like the demo's agent27, made for this spec and suspended for fraud through the review call:
// it signs in to its Home's notice and its pay statements, and nothing else.
const NO_ACCESS = 'You do not have access to that page';

let browser: Browser;
let agent: CreatedAgent;
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  const office = await createOffice(superToken);
  agent = await createAgent(superToken, { officeId: office.id });
  await api(superToken, 'POST', `review/agents/${agent.id}/suspend`, { reason: 'stolen cards (e2e)' });
});
after(async () => {
  await browser.close();
});

describe('an agent suspended for fraud', () => {
  it('signs in to the notice and its statements; the menu holds nothing else; another screen is refused', async () => {
    const page = await newPage(browser);
    await loginAs(page, agent.username, agent.password);
    await page.waitForURL(/\/app\/home$/);
    const notice = page.getByRole('alert').filter({ hasText: 'stolen credit cards' });
    await notice.waitFor();
    assert.match(
      await notice.innerText(),
      /suspended because your sales were flagged as made with stolen credit cards/,
    );

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Pay Statements' }).waitFor();
    assert.deepEqual(
      (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim()),
      ['Home', 'Pay Statements'],
    );

    await menu.getByRole('link', { name: 'Pay Statements' }).click();
    await page.waitForURL(/\/app\/stats\/pay-statements$/);
    await page.getByRole('heading', { name: 'Pay Statements', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Pay Statements' }).waitFor();

    for (const path of ['/app/links', '/app/stats/sites']) {
      await page.goto(path);
      await page.waitForURL(/\/app\/home$/);
      await page.getByRole('alert').filter({ hasText: NO_ACCESS }).waitFor();
    }
    await page.close();
  });
});
