import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin, uniqueName } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

// Every change happens on a domain this spec created. Refusing to hide the last active domain would
// need the demo domains hidden first, so the API tests cover it.
let browser: Browser;
let page: Page;
let superToken: string;
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'super', '/app/offices/domains');
  superToken = await apiLogin('super');
});
after(async () => {
  await browser.close();
});

const rowOf = (domain: string) => page.locator('tbody tr').filter({ hasText: domain });

async function confirm(text: string) {
  await page.getByText(text).waitFor();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('preferred domains', () => {
  it('lists the demo domains with their offices', async () => {
    await page.goto('/app/offices/domains');
    await page.getByRole('heading', { name: 'Preferred Domains' }).waitFor();
    const main = rowOf('https://go.emarket-demo.test');
    await main.waitFor();
    assert.match(await main.innerText(), /Activated/);
    assert.match(await main.innerText(), /Main tracking domain/);
    assert.match(await main.innerText(), /Manila Central/);
    assert.match(await rowOf('https://old.emarket-demo.test').innerText(), /Hidden/);
  });

  it('adds a domain through the form, edits its note, hides and activates it', async () => {
    const host = `${uniqueName('e2e')}.example`;
    await page.goto('/app/offices/domains');
    await page.getByRole('link', { name: '+ Add Preferred Domain' }).click();
    await page.getByRole('heading', { name: 'Add Preferred Domain' }).waitFor();
    const domain = page.getByLabel('Domain');
    assert.equal(await domain.inputValue(), 'https://');
    const confirmButton = page.getByRole('button', { name: 'Confirm' });
    assert.equal(await confirmButton.isDisabled(), true, 'the bare https:// is not a domain yet');
    await domain.fill(`https://${host}/path`);
    await domain.blur();
    await page.getByText('Enter an http(s) origin such as https://go.example.com').waitFor();
    await domain.fill(`https://${host.toUpperCase()}/`);
    await page.getByLabel('Note').fill('Spec domain');
    await confirmButton.click();
    await page.getByText('Operation Complete').waitFor();
    await page.waitForURL(/\/app\/offices\/domains$/);

    const origin = `https://${host}`;
    const row = rowOf(origin);
    await row.waitFor();
    assert.match(await row.innerText(), /Activated/);
    assert.match(await row.innerText(), /Spec domain/);

    await page.getByRole('link', { name: `Edit ${origin}` }).click();
    await page.getByRole('heading', { name: 'Preferred Domain' }).waitFor();
    assert.equal(await page.getByLabel('Domain').inputValue(), origin);
    await page.getByLabel('Note').fill('Edited note');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/app\/offices\/domains$/);
    await row.getByText('Edited note').waitFor();

    await page.getByRole('button', { name: `Hide ${origin}` }).click();
    await confirm('Are you sure to hide domain?');
    await row.getByText('Hidden').waitFor();
    await page.getByRole('button', { name: `Activate ${origin}` }).click();
    await confirm('Are you sure to activate domain?');
    await row.getByText('Activated').waitFor();

    const list = await api<{ items: { domain: string; hidden: boolean; description: string }[] }>(
      superToken,
      'GET',
      'preferredDomains/listWithCompanies?pageSize=500',
    );
    const saved = list.items.find((d) => d.domain === origin);
    assert.deepEqual(saved && [saved.hidden, saved.description], [false, 'Edited note']);
  });

  it('a taken domain is refused on its field', async () => {
    await page.goto('/app/offices/domains/create');
    await page.getByLabel('Domain').fill('https://go.emarket-demo.test');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('This domain already exists').waitFor();
  });
});
