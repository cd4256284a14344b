import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';
import { sellingOffice, type SellingOffice } from '../support/office-stats';

// The spec's own office and agent lead this week; the demo's agent27 (flagged) is only read.
let browser: Browser;
let data: SellingOffice;
let newsText: string;
before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  data = await sellingOffice(superToken, { agentNotes: '<p>E2E notes for <b>our agents</b></p>' });
  const news = await api<{ html: string }>(superToken, 'GET', 'news/last');
  newsText = news.html
    .replace(/<[^>]+>/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, 3)
    .join(' ');
});
after(async () => {
  await browser.close();
});

const table = (page: Page, name: string) => page.getByRole('table', { name });

async function openHome(username: string): Promise<Page> {
  const page = await newPage(browser);
  await openSignedIn(page, username, '/app/home');
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
  return page;
}

describe('home', () => {
  it("shows an agent its office's notes, the news and itself leading this week, without offices", async () => {
    const page = await openHome(data.agent.username);
    await page.getByText('E2E notes for our agents').waitFor();
    await page.getByText(newsText).first().waitFor();
    await page.getByText('All stats pages show EST/EDT(USA) time zone').waitFor();
    const week = table(page, 'Weekly Top 10 Agents');
    const first = week.locator('tbody tr').first();
    await first.getByText(`${data.agent.username} (Test Agent)`).waitFor();
    assert.deepEqual(
      (await first.locator('td').allInnerTexts()).map((t) => t.trim()),
      ['1', `${data.agent.username} (Test Agent)`, String(data.sales)],
    );
    assert.equal(await week.getByRole('columnheader', { name: 'Office' }).count(), 0, 'no office column');
    for (const header of ['No', 'Agent', 'Sales'])
      await week.getByRole('columnheader', { name: header }).waitFor();
    const rows = await week.locator('tbody tr').count();
    assert.ok(rows <= 10);
    assert.equal(
      await week.locator('tbody tr[data-highlight]').count(),
      Math.min(3, rows),
      'top 3 highlighted',
    );
    await table(page, 'All Time Top 10 Agents').locator('tbody tr').first().waitFor();
    const offices = table(page, 'Weekly office');
    await offices.getByRole('columnheader', { name: 'Office' }).waitFor();
    await offices
      .locator('tbody tr')
      .filter({ hasText: data.office.officeName })
      // The whole cell: the office's random name may hold the same digits.
      .getByRole('cell', { name: String(data.sales), exact: true })
      .waitFor();
    assert.equal(await page.getByText('Your account is suspended').count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Choose another pay period' }).count(), 0);
    await page.close();
  });

  it('shows the flagged demo agent the fraud-suspension banner', async () => {
    const page = await openHome('agent27');
    const banner = page.getByRole('alert').filter({ hasText: 'suspended' });
    await banner.waitFor();
    assert.match(
      await banner.innerText(),
      /suspended because your sales were flagged as made with stolen credit cards/,
    );
    await page.getByText('Davao Team').first().waitFor(); // its office's notes
    await page.close();
  });

  it('shows an admin the office of each agent and leads to another pay period', async () => {
    const page = await openHome('admin');
    const row = table(page, 'Weekly Top 10 Agents').locator('tbody tr').first();
    await row.getByText(data.office.officeName).waitFor();
    await row.getByText(`${data.agent.username} (Test Agent)`).waitFor();
    await table(page, 'All Time Top 10 Agents').getByRole('columnheader', { name: 'Office' }).waitFor();
    await page.getByRole('link', { name: 'Choose another pay period' }).click();
    await page.waitForURL(/\/app\/stats\/top-agents$/);
    await page.getByRole('heading', { name: 'Top agents', level: 1 }).waitFor();
    await page.close();
  });

  it("shows an office its notes and this week's tables", async () => {
    const page = await openHome(data.office.username);
    await page.getByText('E2E notes for our agents').waitFor();
    await table(page, 'Weekly Top 10 Agents').getByText(`${data.agent.username} (Test Agent)`).waitFor();
    await page.getByRole('link', { name: 'Choose another pay period' }).waitFor();
    await page.close();
  });
});
