import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  api,
  apiLogin,
  createAgent,
  createOffice,
  type CreatedAgent,
  type CreatedOffice,
} from '../support/api';
import { BASE_URL, clipboardPage, launchBrowser, newPage, openSignedIn } from '../support/browser';

// An office and agent of the spec's own on a demo site; the links are read, never changed.
let browser: Browser;
let site: { id: number; sitename: string };
let office: CreatedOffice;
let agent: CreatedAgent;
let agentEmail: string;
let links: { sitename: string; typename: string; link: string }[];

before(async () => {
  browser = await launchBrowser();
  const superToken = await apiLogin('super');
  const sites = await api<{ id: number; sitename: string }[]>(superToken, 'GET', 'sites');
  site = sites.find((s) => s.sitename === 'CamStars') ?? sites[0];
  office = await createOffice(superToken, { siteIds: [site.id] });
  agentEmail = `links-${Date.now().toString(36)}@example.com`;
  agent = await createAgent(superToken, {
    officeId: office.id,
    email: agentEmail,
    sites: [{ siteId: site.id, enable: true }],
  });
  links = await api(superToken, 'POST', 'links/list', { siteId: site.id, agentId: agent.id });
  assert.ok(links.length > 0, 'the demo site has active link types');
});
after(async () => {
  await browser.close();
});

const shortened = (link: string, n: number) => (link.length > n ? `${link.slice(0, n)}…` : link);

describe('link codes', () => {
  it('an agent gets its links, copies one, and its length choice is kept', async () => {
    const { context, page } = await clipboardPage(browser);
    await openSignedIn(page, agent.username, '/app/links');
    await page.waitForURL(/\/app\/links\/links$/);
    await page.getByRole('heading', { name: 'Links' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Links translate' }).count(), 0, 'admins only');
    const get = page.getByRole('button', { name: 'Get links' });
    assert.equal(await get.isDisabled(), true, 'no site chosen yet');
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: site.sitename, exact: true }).click();
    await get.click();

    const first = page.locator('tbody tr').filter({ hasText: links[0].typename });
    await first.getByText(shortened(links[0].link, 30), { exact: true }).waitFor();
    assert.equal(await page.locator('tbody tr').count(), links.length);
    await first.getByRole('button', { name: `Copy ${links[0].typename} link` }).click();
    await first.getByRole('button', { name: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), links[0].link);

    // The segmented control's radios are hidden behind their labels: click the label.
    await page.locator('label', { hasText: /^20$/ }).click();
    await first.getByText(shortened(links[0].link, 20), { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: site.sitename, exact: true }).click();
    await get.click();
    await first.getByText(shortened(links[0].link, 20), { exact: true }).waitFor();
    assert.equal(await page.getByRole('radio', { name: '20' }).isChecked(), true, 'the choice is kept');
    await context.close();
  });

  it("a demo agent's link opens: on PUBLIC_URL, answering 302 to the site", async () => {
    const { context, page } = await clipboardPage(browser);
    await openSignedIn(page, 'agent01', '/app/links/links');
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Get links' }).click();
    const row = page.locator('tbody tr').first();
    await row.getByRole('button', { name: /^Copy .+ link$/ }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(link.startsWith(`${BASE_URL}/api/links/go/`), link);
    const click = await fetch(link, { redirect: 'manual' });
    assert.equal(click.status, 302);
    assert.match(click.headers.get('location') ?? '', /^https?:\/\//);
    await context.close();
  });

  it('an office chooses its agent before it may get links', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, office.username, '/app/links/links');
    const get = page.getByRole('button', { name: 'Get links' });
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: site.sitename, exact: true }).click();
    assert.equal(await get.isDisabled(), true, 'no agent chosen yet');
    await page.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: agent.username, exact: true }).click();
    await get.click();
    await page.locator('tbody tr').filter({ hasText: links[0].typename }).waitFor();
    await page.context().close();
  });
});

describe('links translate', () => {
  it('an admin pastes a link and sees whose it is; other text clears everything', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'admin', '/app/links/links');
    await page.getByRole('link', { name: 'Links translate' }).click();
    await page.waitForURL(/\/app\/links\/links-translate$/);
    const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
    await page.getByLabel('Link', { exact: true }).fill(`clicked ${links[0].link} yesterday`);
    // The lookup answers after a short pause: wait for the office to show.
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('label')].some(
          (l) =>
            l.textContent?.trim() === 'Office Name' &&
            (document.getElementById(l.htmlFor) as HTMLInputElement | null)?.value === want,
        ),
      office.officeName,
    );
    assert.equal(await value('Site ID'), String(site.id));
    assert.equal(await value('Agent Id'), String(agent.id));
    assert.equal(await value('Agent Name'), agent.username);
    assert.equal(await value('Agent Email'), agentEmail);
    assert.equal(await value('Site Name'), site.sitename);
    assert.match(await value('Site Url'), /^https?:\/\//);

    await page.getByLabel('Link', { exact: true }).fill('https://example.com/api/links/go/1/x/3');
    for (const label of [
      'Site ID',
      'Agent Id',
      'Office Name',
      'Agent Name',
      'Agent Email',
      'Site Name',
      'Site Url',
    ])
      assert.equal(await value(label), '', `${label} is cleared`);
    await page.context().close();
  });
});
