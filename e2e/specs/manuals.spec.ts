import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin, createAgent, createOffice, uniqueName } from '../support/api';
import { BASE_URL, launchBrowser, newPage, openSignedIn } from '../support/browser';

// The manual this spec writes is for a demo site that has none (the demo seeds two manuals), and it is
// removed again at the end; the agent who reads it and its office are the spec's own.
let browser: Browser;
let page: Page;
let superToken: string;
let site: { id: number; sitename: string };
let manualId: number | undefined;
const title = uniqueName('E2E guide ');

before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  superToken = await apiLogin('super');
  const available = await api<{ id: number; sitename: string }[]>(
    superToken,
    'GET',
    'site-manuals/available-sites',
  );
  assert.ok(available.length, 'a demo site without a manual');
  site = available[0];
  await openSignedIn(page, 'super', '/app/site-manuals');
});
after(async () => {
  if (manualId !== undefined)
    await api(superToken, 'DELETE', `site-manuals/${manualId}`).catch(() => undefined);
  await browser.close();
});

const rowOf = (text: string) => page.locator('tbody tr').filter({ hasText: text });

describe('site manuals and how to sell', () => {
  it('lists the demo manuals with site name and title', async () => {
    await page.goto('/app/site-manuals');
    await page.getByRole('heading', { name: 'Site Manuals' }).waitFor();
    await rowOf('CamStars: first steps').waitFor();
    assert.match(await rowOf('CamStars: first steps').innerText(), /CamStars/);
  });

  it('creates a manual for a site without one; the title starts as the site name', async () => {
    await page.goto('/app/site-manuals');
    await page.getByRole('link', { name: '+ Add Site Manual' }).click();
    await page.getByRole('heading', { name: 'Add Site Manual' }).waitFor();
    await page.getByRole('combobox', { name: 'Site' }).click();
    assert.equal(
      await page.getByRole('option', { name: 'CamStars' }).count(),
      0,
      'a site with a manual is not offered',
    );
    await page.getByRole('option', { name: site.sitename }).click();
    assert.equal(await page.getByLabel('Display title').inputValue(), site.sitename);
    await page.getByLabel('Display title').fill(title);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Always greet the customer first.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Operation Complete').waitFor();
    await page.waitForURL(/\/app\/site-manuals$/);
    await rowOf(title).waitFor();
    const manuals = await api<{ items: { id: number; title: string }[] }>(
      superToken,
      'GET',
      'site-manuals?pageSize=500',
    );
    manualId = manuals.items.find((m) => m.title === title)?.id;
    assert.ok(manualId);
  });

  it('edits the manual with the site name read-only', async () => {
    await page.goto('/app/site-manuals');
    await page.getByRole('link', { name: `Edit ${site.sitename} manual` }).click();
    await page.getByRole('heading', { name: 'Update Site Manual' }).waitFor();
    const siteName = page.getByLabel('Site Name');
    assert.equal(await siteName.inputValue(), site.sitename);
    assert.equal(await siteName.getAttribute('readonly'), '');
    await page.locator('.ProseMirror').getByText('Always greet the customer first.').waitFor();
    await page.locator('.ProseMirror').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Then send the link.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/app\/site-manuals$/);
    await rowOf(title).waitFor();
  });

  it('an agent with that site reads it on How to sell, the first tab selected', async () => {
    const res = await fetch(`${BASE_URL}/api/brand`);
    const brand = (await res.json()) as { showHowToSell: boolean };
    assert.equal(brand.showHowToSell, true, 'the e2e brand shows How to sell');
    const office = await createOffice(superToken, { siteIds: [site.id] });
    const agent = await createAgent(superToken, {
      officeId: office.id,
      sites: [{ siteId: site.id, enable: true }],
    });
    const agentPage = await newPage(browser);
    await openSignedIn(agentPage, agent.username, '/app/home', agent.password);
    await agentPage.getByRole('link', { name: 'How To Sell' }).click();
    await agentPage.getByRole('heading', { name: 'How To Sell' }).waitFor();
    const tab = agentPage.getByRole('tab', { name: title });
    await tab.waitFor();
    assert.equal(await tab.getAttribute('aria-selected'), 'true');
    assert.equal(await agentPage.getByRole('tab').count(), 1, 'only the manual of its own site');
    await agentPage.getByText('Always greet the customer first. Then send the link.').waitFor();
    await agentPage.context().close();
  });

  it('removes the manual after the confirmation; the site is offered again', async () => {
    await page.goto('/app/site-manuals');
    await page.getByRole('button', { name: `Remove ${site.sitename} manual` }).click();
    await page.getByText(`Are your sure to remove "${site.sitename}" manual?`).waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await rowOf(title).waitFor({ state: 'detached' });
    manualId = undefined;
    const available = await api<{ id: number }[]>(superToken, 'GET', 'site-manuals/available-sites');
    assert.ok(available.some((s) => s.id === site.id));
  });
});
