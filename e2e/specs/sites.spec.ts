import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, createSite, uniqueName } from '../support/api';
import { BASE_URL, launchBrowser, newPage, openSignedIn } from '../support/browser';

// Reads of the demo sites are fine; every change happens on a site this spec created.
let browser: Browser;
let page: Page;
let superToken: string;
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'super', '/app/sites/sites');
  superToken = await apiLogin('super');
});
after(async () => {
  await browser.close();
});

const rows = () => page.locator('tbody tr');
const row = (text: string) => rows().filter({ hasText: text });
const confirm = async (heading: string) => {
  await page.getByRole('dialog').getByText(heading).waitFor();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Confirm|Delete)$/ })
    .click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
};
const postbackStatus = async (siteId: number, token: string) =>
  (await fetch(`${BASE_URL}/api/postback/${siteId}?token=${token}&clickId=999999999&event=sale&txId=e2e`))
    .status;

async function fillSaleType(name: string, fields: Record<string, string>) {
  await page.getByLabel('Link name').fill(name);
  await page.getByLabel('Alias').fill(name.toLowerCase().replace(/\W/g, ''));
  await page.getByLabel('Username').fill('emarket');
  // Labels of required inputs end with a marker: match their start.
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(new RegExp(`^${label}`)).fill(value);
}

describe('sites', () => {
  it('lists the demo sites sorted by name with the superadmin actions', async () => {
    await page.goto('/app/sites/sites');
    await page.getByRole('heading', { name: 'Sites' }).waitFor();
    await row('CamStars').waitFor();
    assert.match(await row('CamStars').innerText(), /WEBCAMS\s+2\s+Activated/);
    await page.getByRole('link', { name: '+ Add Site' }).waitFor();
    await page.getByRole('link', { name: 'Offices custom payments' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Activate CamStars' }).isDisabled(), true);
  });

  it('creates a site with two sale types, edits it, suspends and activates it', async () => {
    const name = `UI ${uniqueName('s')}`;
    await page.goto('/app/sites/sites');
    await page.getByRole('link', { name: '+ Add Site' }).click();
    await page.getByRole('heading', { name: 'Add Site' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    assert.equal(await save.isDisabled(), true, 'save is disabled while the form is invalid');
    await page.getByLabel('Site Name').fill(name);
    await page.getByLabel('Short Name').fill('uisite');
    await page.getByLabel('Abbreviation').fill('UI');
    await page.getByLabel('URL').fill('https://ui-site.example');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'CASINO' }).click();
    await page.getByLabel('use in special reports').check();
    await save.click();
    await page.getByText('Operation Complete').first().waitFor();
    await page.waitForURL(/\/app\/sites\/sites$/);
    await row(name).waitFor();
    assert.match(await row(name).innerText(), /CASINO\s+0\s+Activated/);

    await page.getByRole('link', { name: `Link types ${name}` }).click();
    await page.getByText('No sale types yet').waitFor();
    await page.getByRole('link', { name: '+ Add Sale Type' }).click();
    await fillSaleType('Main page', { URL: 'https://ui-site.example/join', Payout: '150.50' });
    await page.getByRole('button', { name: 'Save' }).click();
    await row('Main page').waitFor();
    await page.getByRole('link', { name: '+ Add Sale Type' }).click();
    await page.getByRole('heading', { name: 'Add Sale Type' }).waitFor();
    assert.equal(await page.getByLabel('Bonus Payout (₱)').count(), 0, 'no bonus fields without the flag');
    await page.getByLabel('Bonus', { exact: true }).check();
    await fillSaleType('Promo', { URL: 'https://ui-site.example/promo', 'Bonus Payout': '75' });
    await page.getByRole('button', { name: 'Save' }).click();
    await row('Promo').waitFor();
    const bonus = row('Promo').getByText('Bonus: ₱75 / $0.00');
    assert.equal(await bonus.evaluate((el) => getComputedStyle(el).color), 'rgb(255, 51, 0)');
    assert.match(await row('Main page').innerText(), /₱150\.5 \/ \$0\.00/);

    await page.goto('/app/sites/sites');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { name: 'Update Site' }).waitFor();
    await page.getByLabel('Note').fill('Pays every Friday');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/app\/sites\/sites$/);
    assert.match(await row(name).innerText(), /CASINO\s+2\s+Activated/);

    await page.getByRole('button', { name: `Suspend ${name}` }).click();
    await confirm("Are you sure to suspend site? This unsets 'Use CardApprove, Sale'.");
    await row(name).getByText('Suspended').waitFor();
    assert.equal(await page.getByRole('button', { name: `Suspend ${name}` }).isDisabled(), true);
    await page.getByRole('button', { name: `Activate ${name}` }).click();
    await confirm("Are you sure to activate site? This sets 'Use CardApprove, Sale'.");
    await row(name).getByText('Activated').waitFor();
  });

  it('regenerates the postback token: the old one is refused at once', async () => {
    const site = await createSite(superToken);
    assert.equal(
      await postbackStatus(site.id, site.postbackToken),
      404,
      'the token is right, the click unknown',
    );
    await page.goto(`/app/sites/edit/${site.id}`);
    const token = page.getByLabel('Postback token');
    await token.waitFor();
    assert.equal(await token.inputValue(), site.postbackToken);
    await page.getByRole('button', { name: 'New postback token' }).click();
    await confirm('Are you sure to make a new postback token? The old one stops working at once.');
    let fresh = await token.inputValue();
    for (let i = 0; i < 100 && fresh === site.postbackToken; i++) {
      await page.waitForTimeout(100);
      fresh = await token.inputValue();
    }
    assert.notEqual(fresh, site.postbackToken, 'the form shows the new token');
    assert.equal(await postbackStatus(site.id, site.postbackToken), 403);
    assert.equal(await postbackStatus(site.id, fresh), 404);
  });

  it('enables a site for all offices, deletes a sale type, then deletes the site', async () => {
    const site = await createSite(superToken, {}, [{}, { typename: 'Spare' }]);
    await page.goto(`/app/sites/${site.id}/types`);
    await page.getByRole('button', { name: 'Delete Spare' }).click();
    await confirm('Are you sure you want delete site link?');
    await row('Spare').waitFor({ state: 'detached' });
    await row('Main').waitFor();

    await page.goto(`/app/sites/edit/${site.id}`);
    await page.getByRole('button', { name: 'Enable for all offices' }).click();
    await confirm('Are you sure enable site for all offices?');
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm('Are you sure you want delete site and all links?');
    await page.waitForURL(/\/app\/sites\/sites$/);
    await row('CamStars').waitFor();
    assert.equal(await row(site.sitename).count(), 0, 'the deleted site is gone from the list');
    assert.equal(await postbackStatus(site.id, site.postbackToken), 404);
  });
});
