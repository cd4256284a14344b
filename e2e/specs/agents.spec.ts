import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, apiLogin, createAgent, createOffice, shortName, type CreatedOffice } from '../support/api';
import { DEMO_PASSWORD, launchBrowser, newPage, openSignedIn } from '../support/browser';

// Reads of the demo agents are fine; every change happens on offices and agents this spec created.
let browser: Browser;
let page: Page;
let superToken: string;
let office: CreatedOffice;
let sites: { id: number; sitename: string }[];
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'super', '/app/agents');
  superToken = await apiLogin('super');
  sites = (await api<{ id: number; sitename: string }[]>(superToken, 'GET', 'sites')).slice(0, 2);
  office = await createOffice(superToken, { siteIds: sites.map((s) => s.id) });
});
after(async () => {
  await browser.close();
});

const rows = (p: Page = page) => p.locator('tbody tr');
const rowOf = (username: string, p: Page = page) => rows(p).filter({ hasText: username });
const sitesOf = (row: Locator) => row.locator('a[href$="/sites"]');

/** Waits until the usernames (2nd column, after the checkbox) stand sorted in the given direction. */
async function waitForSortedUsernames(asc: boolean) {
  await page.waitForFunction((ascending) => {
    const names = [...document.querySelectorAll('tbody tr td:nth-child(2)')].map((td) =>
      (td.textContent ?? '').toLowerCase(),
    );
    if (names.length < 2) return false;
    const sorted = [...names].sort();
    return (ascending ? sorted : sorted.reverse()).join() === names.join();
  }, asc);
}

async function search(p: Page, username: string) {
  await p.getByLabel('Search by username').fill(username);
  await p.getByRole('button', { name: 'Search' }).click();
  await p.waitForURL(new RegExp(`username=${username}`));
}

describe('agents as superadmin', () => {
  it('lists the demo agents with office, password and the links', async () => {
    await page.goto('/app/agents');
    await page.getByRole('heading', { name: 'Agents', exact: true }).waitFor();
    await page.getByRole('link', { name: '+ Add Agent' }).waitFor();
    const row = rowOf('agent01');
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /Manila Central/);
    assert.match(text, /demo1234/);
    assert.match(text, /Activated/);
    const sitesLink = await sitesOf(row).getAttribute('href');
    assert.match(sitesLink ?? '', /^\/app\/agents\/\d+\/agent01\/sites$/);
  });

  it('searches by username and sorts on the server', async () => {
    await page.goto('/app/agents?page=2');
    await search(page, 'agent12');
    assert.doesNotMatch(page.url(), /page=2/, 'a new search goes back to page 1');
    await rowOf('agent12').waitFor();
    assert.equal(await rows().count(), 1);
    await search(page, 'nobody-here');
    await page.getByText('No data', { exact: true }).waitFor();

    await page.goto('/app/agents');
    await rows().first().waitFor();
    await waitForSortedUsernames(true);
    // The list starts sorted by username ascending, so the first click turns it around.
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL(/sortField=username&sortAsc=false/);
    await waitForSortedUsernames(false);
    await page.getByRole('button', { name: /^Office/ }).click();
    await page.waitForURL(/sortField=officeName&sortAsc=true/);
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL(/sortField=username&sortAsc=true/);
    await waitForSortedUsernames(true);
  });

  it('creates an agent with its sites through the form, then edits it', async () => {
    const username = shortName('ui');
    await page.goto('/app/agents');
    await page.getByRole('link', { name: '+ Add Agent' }).click();
    await page.getByRole('heading', { name: 'Add Agent' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    assert.equal(await save.isDisabled(), true, 'save is disabled while the form is invalid');
    await page.getByRole('combobox', { name: 'Office' }).fill(office.officeName);
    await page.getByRole('option', { name: office.officeName }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('First Name').fill('Lea');
    await page.getByLabel('Last Name').fill('Ramos');
    await page.getByLabel(/^Password/).fill('agent1234');
    await page.getByLabel('Confirm Password').fill('agent1234');
    const first = page.getByRole('switch', { name: sites[0].sitename });
    await first.waitFor();
    assert.equal(await first.isChecked(), true, 'a new agent starts with its office sites on');
    await first.uncheck({ force: true });
    await save.click();
    await page.getByText('Operation Complete').waitFor();
    await page.waitForURL(/\/app\/agents$/);

    await page.goto(`/app/agents?username=${username}`);
    const row = rowOf(username);
    await row.waitFor();
    assert.match(await row.innerText(), /agent1234/);
    assert.equal(await sitesOf(row).innerText(), '1', 'one site switched on');
    await page.getByRole('link', { name: `Edit ${username}` }).click();
    await page.getByRole('heading', { name: 'Update Agent' }).waitFor();
    assert.equal(await page.getByLabel('Username').isDisabled(), true, 'the username is fixed');
    await page.getByLabel('First Name').fill('Leah');
    await page.getByRole('switch', { name: sites[0].sitename }).check({ force: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Operation Complete').waitFor();
    await page.goto(`/app/agents?username=${username}`);
    await sitesOf(rowOf(username)).getByText('2', { exact: true }).waitFor();
  });

  it('shows a suspension in the list before the server answers, then activates again', async () => {
    const agent = await createAgent(superToken, { officeId: office.id });
    await page.goto(`/app/agents?username=${agent.username}`);
    const row = rowOf(agent.username);
    await row.waitFor();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let continued: Promise<void> = Promise.resolve();
    await page.route('**/api/agents/status', (route) => {
      continued = held.then(() => route.continue());
      return continued;
    });
    await page.getByRole('button', { name: `Suspend ${agent.username}` }).click();
    await page.getByText('Are you sure to suspend agent?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('Suspended').waitFor();
    release();
    await continued;
    await page.unroute('**/api/agents/status');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Activate ${agent.username}` }).click();
    await row.getByText('Activated').waitFor();
    const [state] = (
      await api<{ items: { active: boolean }[] }>(superToken, 'POST', 'agents/search', {
        criteria: [{ field: 'username', value: agent.username }],
      })
    ).items;
    assert.equal(state.active, true);
  });

  it('disables and enables login of the selected agents after confirming', async () => {
    const a = await createAgent(superToken, { officeId: office.id });
    const b = await createAgent(superToken, { officeId: office.id });
    await page.goto(`/app/agents?companyId=${office.id}`);
    for (const u of [a.username, b.username]) await rowOf(u).getByLabel('Select row').check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByRole('button', { name: 'Disable login' }).click();
    await page.getByText('Are you sure to disable login for selected agents?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    for (const u of [a.username, b.username])
      await rowOf(u)
        .getByText(/login disabled/)
        .waitFor();
    // The selection is cleared once the server has answered, which may come after the rows changed:
    // selecting again before that would lose the rows selected first.
    await bar.waitFor({ state: 'hidden' });
    for (const u of [a.username, b.username]) await rowOf(u).getByLabel('Select row').check();
    await bar.getByRole('button', { name: 'Enable login' }).click();
    await page.getByText('Are you sure to enable login for selected agents?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await rowOf(a.username)
      .getByRole('button', { name: `Disable login ${a.username}` })
      .waitFor();
    assert.doesNotMatch(await rowOf(b.username).innerText(), /login disabled/);
  });

  it('deletes an agent after the confirmation naming it', async () => {
    const agent = await createAgent(superToken, { officeId: office.id });
    await page.goto(`/app/agents/edit/${agent.id}`);
    await page.getByRole('heading', { name: 'Update Agent' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText(
        `Are you sure you want to delete agent "${agent.username}"? All its statistics and logs are deleted.`,
      )
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    // One wait for the whole note: it closes itself after a few seconds, which a loaded machine may spend
    // between two separate waits.
    await page
      .getByRole('status')
      .filter({ hasText: `Agent "${agent.username}" has been successfully deleted` })
      .filter({ has: page.getByText('Deleted', { exact: true }) })
      .waitFor();
    await page.waitForURL(/\/app\/agents$/);
    await assert.rejects(api(superToken, 'GET', `agents/${agent.id}`), /404/);
  });
});

describe('agents as an office', () => {
  let officePage: Page;
  before(async () => {
    officePage = await newPage(browser);
    await openSignedIn(officePage, office.username, '/app/agents', DEMO_PASSWORD);
  });
  after(async () => {
    await officePage.close();
  });

  it('sees only its own agents and creates one without choosing an office', async () => {
    const officeToken = await apiLogin(office.username);
    const own = await createAgent(officeToken);
    await officePage.goto('/app/agents');
    await rowOf(own.username, officePage).waitFor();
    assert.equal(await rowOf('agent01', officePage).count(), 0, 'no demo agents of other offices');

    const username = shortName('of');
    await officePage.getByRole('link', { name: '+ Add Agent' }).click();
    await officePage.getByRole('heading', { name: 'Add Agent' }).waitFor();
    assert.equal(await officePage.getByRole('combobox', { name: 'Office' }).count(), 0);
    await officePage.getByLabel('Username').fill(username);
    await officePage.getByLabel('First Name').fill('Joy');
    await officePage.getByLabel('Last Name').fill('Cruz');
    await officePage.getByLabel(/^Password/).fill('agent1234');
    await officePage.getByLabel('Confirm Password').fill('agent1234');
    await officePage.getByRole('switch', { name: sites[1].sitename }).waitFor();
    await officePage.getByRole('button', { name: 'Save' }).click();
    await officePage.getByText('Operation Complete').waitFor();
    const row = rowOf(username, officePage);
    await row.waitFor();
    // Every agent of the list is its own: no Office column.
    assert.equal(await officePage.getByRole('columnheader', { name: 'Office' }).count(), 0);

    await officePage.getByRole('button', { name: `Suspend ${username}` }).click();
    await officePage.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('Suspended').waitFor();
    await officePage.getByRole('link', { name: `Edit ${username}` }).click();
    await officePage.getByRole('heading', { name: 'Update Agent' }).waitFor();
    assert.equal(
      await officePage.getByRole('button', { name: 'Delete' }).count(),
      0,
      'no skull for an office',
    );
  });
});
