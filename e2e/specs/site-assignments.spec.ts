import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  apiLogin,
  createAgent,
  createOffice,
  type CreatedAgent,
  type CreatedOffice,
} from '../support/api';
import { launchBrowser, listLoaded, newPage, openSignedIn } from '../support/browser';

// An office and an agent of this spec's own, with two demo sites; the demo rows are only read.
let browser: Browser;
let page: Page;
let office: CreatedOffice;
let agent: CreatedAgent;
let sites: { id: number; sitename: string }[];
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'super', '/app/offices');
  const superToken = await apiLogin('super');
  const all = await api<{ id: number; sitename: string }[]>(superToken, 'GET', 'sites');
  sites = ['DateMatch', 'CamStars'].map((name) => all.find((s) => s.sitename === name)!);
  office = await createOffice(superToken, { siteIds: sites.map((s) => s.id) });
  agent = await createAgent(superToken, {
    officeId: office.id,
    sites: [
      { siteId: sites[0].id, enable: true },
      { siteId: sites[1].id, enable: false },
    ],
  });
});
after(async () => {
  await browser.close();
});

const cells = (column: number) =>
  page.locator(`tbody tr td:nth-child(${column})`).evaluateAll((tds) => tds.map((td) => td.textContent));

describe('sites of an office and of an agent', () => {
  it("opens an office's sites from the offices list, by hostname, then sorted by name", async () => {
    await page.goto(`/app/offices?username=${office.username}`);
    await page
      .locator('tbody tr')
      .filter({ hasText: office.officeName })
      .locator('a[href$="/sites"]')
      .click();
    await page.waitForURL(new RegExp(`/app/offices/${office.id}/.+/sites$`));
    await page.getByRole('heading', { name: `Sites of ${office.officeName}` }).waitFor();
    await page.locator('tbody tr').nth(1).waitFor();
    // www.camstars.example before www.datematch.example
    assert.deepEqual(await cells(1), ['CamStars', 'DateMatch']);
    assert.deepEqual(await cells(2), ['CS', 'DM']);
    assert.deepEqual(await cells(3), ['Activated', 'Activated']);
    await page.getByRole('button', { name: /^Site Name/ }).click();
    await page.waitForURL(/sortField=sitename&sortAsc=true/);
    await page.getByRole('button', { name: /^Site Name/ }).click();
    await page.waitForURL(/sortAsc=false/);
    await page.waitForFunction(() => document.querySelector('tbody tr td')?.textContent === 'DateMatch');
  });

  it("shows an agent's enabled sites only", async () => {
    await page.goto(`/app/agents/${agent.id}/${agent.username}/sites`);
    await page.getByRole('heading', { name: `Sites of ${agent.username}` }).waitFor();
    // While the list loads the table holds one empty row; read the cells once it has answered.
    await listLoaded(page);
    assert.deepEqual(await cells(1), ['DateMatch']);
  });

  it("an office sees its own agent's sites; another office's agent answers not found", async () => {
    const officePage = await newPage(browser);
    await openSignedIn(
      officePage,
      office.username,
      `/app/agents/${agent.id}/${agent.username}/sites`,
      office.password,
    );
    await officePage.locator('tbody tr').filter({ hasText: 'DateMatch' }).waitFor();
    // agent01 belongs to a demo office.
    await officePage.goto('/app/agents/1/agent01/sites');
    // The page says so in place of the table (the red note of the refused call says it too).
    await officePage.locator('p[role="status"]', { hasText: 'Not found' }).waitFor();
    assert.equal(await officePage.locator('tbody tr').count(), 0);
    await officePage.close();
  });
});
