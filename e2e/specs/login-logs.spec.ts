import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage, openAs } from '../support/browser';
import {
  api,
  apiLogin,
  createAgent,
  createOffice,
  type CreatedAgent,
  type CreatedOffice,
} from '../support/api';

let browser: Browser;
let page: Page;
let office: CreatedOffice;
let agentA: CreatedAgent;
let agentB: CreatedAgent;
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  office = await createOffice(superToken);
  agentA = await createAgent(superToken, { officeId: office.id });
  agentB = await createAgent(superToken, { officeId: office.id });
  // Logins of the spec's own: A twice (one logged out), B once.
  await api(await apiLogin(agentA.username), 'POST', 'auth/logout');
  await apiLogin(agentA.username);
  await apiLogin(agentB.username);
  page = await newPage(browser);
  await loginAs(page, office.username);
});
after(async () => {
  await browser.close();
});

const rows = () => page.locator('tbody tr');
const rowsOf = (username: string) => rows().filter({ hasText: username });

describe('login logs', () => {
  it("an office sees its own and its agents' logins, newest first, with IP links", async () => {
    await page.goto('/app/logs/login');
    await page.getByRole('heading', { name: 'Login Logs' }).waitFor();
    for (const tab of ['Chat Logs', 'Login Logs', 'Click Logs', 'Sale Logs'])
      await page.getByRole('link', { name: tab, exact: true }).waitFor();
    await rowsOf(agentB.username).waitFor();
    assert.equal(await rowsOf(agentA.username).count(), 2);
    assert.equal(await rowsOf(office.username).count(), 1);
    assert.equal(await rows().count(), 4, "nobody else's logins");
    assert.match(await rows().first().innerText(), new RegExp(office.username), 'newest first');
    await rowsOf(agentB.username)
      .getByRole('link', { name: /\d+\.\d+\.\d+\.\d+|::/ })
      .waitFor();
    assert.equal(await page.getByLabel('Office').count(), 0, 'the office filter is for admins');
  });

  it('filters by agent, sorts by Login, and carries the query to the other log tabs', async () => {
    await page.goto('/app/logs/login');
    await rowsOf(agentB.username).waitFor();
    await page.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: agentA.username }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/agentId=\d+/);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    assert.equal(await rowsOf(agentA.username).count(), 2);
    const [first, second] = await rows().allInnerTexts();
    assert.match(second, /\(\d\d:\d\d\)\s*\d{4}-\d\d-\d\d \(\d\d:\d\d\)/, 'the older session has a logout');
    assert.doesNotMatch(first, /\(\d\d:\d\d\)\s*\d{4}-\d\d-\d\d \(\d\d:\d\d\)\s*$/);
    await page.getByRole('button', { name: /^Login/ }).click();
    await page.waitForURL(/sortAsc=true/);
    await page.waitForFunction(
      (want) => document.querySelector('tbody tr')?.textContent?.includes(want) ?? false,
      agentA.username,
    );
    const agentId = new URL(page.url()).searchParams.get('agentId');
    await page.getByRole('link', { name: 'Chat Logs', exact: true }).click();
    await page.waitForURL(/\/app\/logs\/chat\?/);
    assert.equal(new URL(page.url()).searchParams.get('agentId'), agentId);
  });

  it("shows 'No logs for selected period' for a period without logins", async () => {
    await page.goto('/app/logs/login');
    await rowsOf(agentB.username).waitFor();
    await page.getByRole('combobox', { name: 'Choose payout period' }).click();
    await page.getByRole('option', { name: 'Last year' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/start=\d{4}-01-01/);
    await page.getByText('No logs for selected period').waitFor();
  });

  it("takes typed dates; a reversed or unreadable range says 'Date Range is not valid' and cannot be searched", async () => {
    await page.goto('/app/logs/login');
    await rowsOf(agentB.username).waitFor();
    const start = page.getByRole('textbox', { name: 'Start' });
    const end = page.getByRole('textbox', { name: 'End' });
    const search = page.getByRole('button', { name: 'Search' });
    await end.fill('2020-01-01');
    await page.getByText('Date Range is not valid').waitFor();
    assert.equal(await search.isDisabled(), true, 'start after end');
    await end.fill('2020-13-01');
    assert.equal(await search.isDisabled(), true, 'not a day');
    await start.fill('2020-01-01');
    await end.fill('2020-01-31');
    await page.keyboard.press('Escape');
    await page.getByText('Date Range is not valid').waitFor({ state: 'detached' });
    await search.click();
    await page.waitForURL(/start=2020-01-01&end=2020-01-31|end=2020-01-31.*start=2020-01-01/);
    await page.getByText('No logs for selected period').waitFor();
    assert.equal(await start.inputValue(), '2020-01-01');
  });

  it('an admin filters by office; an agent has no Login Logs tab', async () => {
    const admin = await newPage(browser);
    await openAs(admin, 'admin', `/app/logs/login?companyId=${office.id}`);
    await admin.locator('tbody tr').filter({ hasText: agentB.username }).waitFor();
    assert.equal(await admin.locator('tbody tr').count(), 4);
    await admin.getByRole('combobox', { name: 'Office' }).waitFor();
    await admin.close();

    const agent = await newPage(browser);
    await loginAs(agent, agentB.username);
    await agent.goto('/app/logs/login');
    await agent.waitForURL(/\/app\/home$/); // the screen's route rule, as for its menu entry
    assert.equal(await agent.getByRole('link', { name: 'Login Logs', exact: true }).count(), 0);
    await agent.close();
  });
});
