import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, createOffice, uniqueName } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

// Reads of the demo offices are fine; every change happens on an office this spec created.
let browser: Browser;
let page: Page;
let superToken: string;
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'super', '/app/offices');
  superToken = await apiLogin('super');
});
after(async () => {
  await browser.close();
});

const rows = () => page.locator('tbody tr');

/**
 * Waits until the demo offices' usernames (the Username column, found by its header: a row's detail
 * button may lead the row) stand in this order: the list answers async.
 */
async function waitForUsernames(expected: string[]) {
  await page.waitForFunction((want) => {
    const heads = [...document.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    const at = heads.findIndex((h) => h.startsWith('Username')) + 1;
    const cells = [...document.querySelectorAll(`tbody tr td:nth-child(${at})`)].map(
      (td) => td.textContent ?? '',
    );
    return at > 0 && cells.filter((u) => /^office\d$/.test(u)).join() === want.join();
  }, expected);
}

describe('offices', () => {
  it('lists the demo offices with counts, password and the superadmin add link', async () => {
    await page.goto('/app/offices');
    await page.getByRole('heading', { name: 'Offices' }).waitFor();
    const row = rows().filter({ hasText: 'Manila Central' });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /office1/);
    assert.match(text, /demo1234/);
    assert.match(text, /Activated/);
    await page.getByRole('link', { name: '+ Add Office' }).waitFor();
    await page.getByRole('link', { name: 'Domains' }).waitFor();
  });

  it('sorts by username ascending on the first click, then descending', async () => {
    await page.goto('/app/offices');
    await rows().first().waitFor();
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL(/sortField=username/);
    await waitForUsernames(['office1', 'office2', 'office3']);
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL(/sortAsc=false/);
    await waitForUsernames(['office3', 'office2', 'office1']);
  });

  it('searches by username', async () => {
    await page.goto('/app/offices?page=2');
    await page.getByLabel('Search by username').fill('office2');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/username=office2/);
    assert.doesNotMatch(page.url(), /page=2/, 'a new search goes back to page 1');
    await rows().filter({ hasText: 'Cebu Sales' }).waitFor();
    assert.equal(await rows().count(), 1);
    await page.getByLabel('Search by username').fill('nobody-here');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No data', { exact: true }).waitFor();
  });

  it('creates an office with every site selected, then edits it', async () => {
    const username = uniqueName('ui');
    await page.goto('/app/offices');
    await page.getByRole('link', { name: '+ Add Office' }).click();
    await page.getByRole('heading', { name: 'Add Office' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    assert.equal(await save.isDisabled(), true, 'save is disabled while the form is invalid');
    await page.getByLabel('Office Name').fill(`Hub ${username}`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Manager First Name').fill('Lea');
    await page.getByLabel('Manager Last Name').fill('Ramos');
    await page.getByLabel(/^Password/).fill('iloilo123');
    await page.getByLabel('Confirm Password').fill('iloilo123');
    await page.getByRole('checkbox', { name: 'CamStars' }).waitFor();
    assert.equal(
      await page.getByRole('checkbox', { name: 'CamStars' }).isChecked(),
      true,
      'all sites start selected',
    );
    // Other specs add sites while this one runs: count the sites this form offered (and sends), every
    // one checked, besides the Active box.
    const checked = await page.getByRole('checkbox', { checked: true }).count();
    const siteCount = checked - ((await page.getByRole('checkbox', { name: 'Active' }).isChecked()) ? 1 : 0);
    await save.click();
    await page.getByText('Operation Complete').waitFor();
    await page.waitForURL(/\/app\/offices$/);

    await page.goto(`/app/offices?username=${username}`);
    const row = rows().filter({ hasText: `Hub ${username}` });
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`\\b${siteCount}\\b`), 'every active site');
    await page.getByRole('link', { name: `Edit Hub ${username}` }).click();
    await page.getByRole('heading', { name: 'Update Office' }).waitFor();
    assert.equal(await page.getByLabel('Username').isDisabled(), true, 'the username is fixed');
    await page.getByLabel('Office Name').fill(`West ${username}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Operation Complete').waitFor();
    await page.goto(`/app/offices?username=${username}`);
    await rows()
      .filter({ hasText: `West ${username}` })
      .waitFor();
  });

  it('shows the server field error for a taken username', async () => {
    await page.goto('/app/offices/create');
    await page.getByLabel('Office Name').fill('Duplicate');
    await page.getByLabel('Username').fill('office1');
    await page.getByLabel('Manager First Name').fill('A');
    await page.getByLabel('Manager Last Name').fill('B');
    await page.getByLabel(/^Password/).fill('pass1234');
    await page.getByLabel('Confirm Password').fill('pass1234');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This username is already taken').waitFor();
  });

  it('suspends an office after the confirmation; its own Activate asks nothing', async () => {
    const office = await createOffice(superToken);
    await page.goto(`/app/offices?username=${office.username}`);
    await page.getByRole('button', { name: `Suspend ${office.officeName}` }).click();
    await page.getByText('Are you sure to suspend office and all agents?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const row = rows().filter({ hasText: office.officeName });
    await row.getByText('Suspended').waitFor();
    await page.getByRole('button', { name: `Activate ${office.officeName}` }).click();
    await row.getByText('Activated').waitFor();
  });

  it("the selection bar's Activate asks even for one office", async () => {
    const office = await createOffice(superToken, { active: false });
    await page.goto(`/app/offices?username=${office.username}`);
    const row = rows().filter({ hasText: office.officeName });
    await row.getByText('Suspended').waitFor();
    await row.getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Are you sure to activate selected offices and all they agents?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('Activated').waitFor();
    await page.getByRole('region', { name: 'Selection' }).waitFor({ state: 'detached' });
  });

  it('hides and shows an office after the confirmation', async () => {
    const office = await createOffice(superToken);
    await page.goto(`/app/offices?username=${office.username}`);
    const row = rows().filter({ hasText: office.officeName });
    await page.getByRole('button', { name: `Hide ${office.officeName}` }).click();
    await page.getByText('Are you sure to show/hide office and all agents?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('(Hidden)').waitFor();
    await page.getByRole('button', { name: `Show ${office.officeName}` }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: `Hide ${office.officeName}` }).waitFor();
  });

  it('the search box follows the URL on back and forward', async () => {
    await page.goto('/app/offices');
    const box = page.getByLabel('Search by username');
    // The URL changes before React renders the page again: wait for the box rather than read it once.
    const boxShows = async (value: string) =>
      page.waitForFunction(([el, want]) => (el as HTMLInputElement).value === want, [
        await box.elementHandle(),
        value,
      ] as const);
    await box.fill('office2');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/username=office2/);
    await rows().filter({ hasText: 'Cebu Sales' }).waitFor();
    // Type only once the box has taken the URL's value, or the sync could overwrite the new text.
    await boxShows('office2');
    await box.fill('office3');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/username=office3/);
    await rows().filter({ hasText: 'Davao Team' }).waitFor();
    await page.goBack();
    await page.waitForURL(/username=office2/);
    await boxShows('office2');
    await page.goForward();
    await page.waitForURL(/username=office3/);
    await boxShows('office3');
  });

  it('an admin does not see + Add Office', async () => {
    const adminPage = await newPage(browser);
    await openSignedIn(adminPage, 'admin', '/app/offices');
    await adminPage.locator('tbody tr').first().waitFor();
    assert.equal(await adminPage.getByRole('link', { name: '+ Add Office' }).count(), 0);
    await adminPage.close();
  });
});
