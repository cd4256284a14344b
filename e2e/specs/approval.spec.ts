// New Agents. An office's new agent waits for approval, so the spec makes its own through an office it
// creates and approves those; the demo's unapproved agents (agent28..agent30) are only read.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin, createAgent, createOffice, type CreatedOffice } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

let browser: Browser;
let page: Page;
let office: CreatedOffice;
let officeToken: string;
let adminToken: string;
before(async () => {
  office = await createOffice(await apiLogin('super'));
  officeToken = await apiLogin(office.username);
  adminToken = await apiLogin('admin');
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'admin', '/app/unapprove');
});
after(async () => {
  await browser.close();
});

const rows = () => page.locator('tbody tr');
const rowOf = (username: string) => rows().filter({ hasText: username });
const DEMO_UNAPPROVED = ['agent28', 'agent29', 'agent30'];

async function badgeCount(): Promise<number> {
  const text = (await page.getByTestId('unapproved-badge').textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? NaN);
}

const serverCount = async () =>
  (await api<{ count: number }>(adminToken, 'GET', 'accounts/unapproved/count')).count;

/**
 * Waits until the badge shows the server's count and answers it. Other specs running at the same time
 * add agents of their own offices, which wait for approval too, so the badge is compared with the
 * server's count of the same moment rather than with a number read earlier.
 */
async function badgeMatchingServer(): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [shown, want] = [await badgeCount(), await serverCount()];
    if (shown === want) return want;
    if (Date.now() > deadline) assert.equal(shown, want, 'the badge shows the unapproved count');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function waitForDemoOrder(expected: string[]) {
  await page.waitForFunction((want) => {
    const cells = [...document.querySelectorAll('tbody tr td:nth-child(2)')].map(
      (td) => td.textContent ?? '',
    );
    return cells.filter((u) => want.includes(u)).join() === want.join();
  }, expected);
}

describe('new agents (approval)', () => {
  it('lists waiting agents with office and status', async () => {
    await page.goto('/app/unapprove');
    await page.getByRole('heading', { name: 'New Agents' }).waitFor();
    for (const header of ['Username', 'Office', 'Registered', 'Status'])
      await page.getByRole('columnheader', { name: new RegExp(`^${header}`) }).waitFor();
    const row = rowOf('agent28');
    await row.waitFor();
    assert.match(await row.innerText(), /agent28\s+Davao Team\s+.*\s+Unapproved/s);
  });

  it('sorts by username both ways on the server', async () => {
    await page.goto('/app/unapprove');
    await rowOf('agent28').waitFor();
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL(/sortField=username&sortAsc=true/);
    await waitForDemoOrder(DEMO_UNAPPROVED);
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL(/sortAsc=false/);
    await waitForDemoOrder([...DEMO_UNAPPROVED].reverse());
  });

  it("approves an office's new agent from its row: the row leaves and the badge counts one less", async () => {
    const agent = await createAgent(officeToken);
    await page.goto('/app/unapprove');
    await rowOf(agent.username).waitFor();
    assert.match(await rowOf(agent.username).innerText(), new RegExp(office.officeName));
    await badgeMatchingServer();

    await page.getByRole('button', { name: `Approve ${agent.username}` }).click();
    await page.getByText('Are you sure to approve agent?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await rowOf(agent.username).count(), 1, 'Cancel changes nothing');

    await page.getByRole('button', { name: `Approve ${agent.username}` }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await rowOf(agent.username).waitFor({ state: 'detached' });
    // One less than before on the server, give or take other specs' agents; the badge follows it.
    await badgeMatchingServer();
  });

  it('approves the selected agents together after asking', async () => {
    const a = await createAgent(officeToken);
    const b = await createAgent(officeToken);
    await page.goto('/app/unapprove');
    await rowOf(b.username).waitFor();
    await rowOf(a.username).getByRole('checkbox').check();
    await rowOf(b.username).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Are you sure to approve selected agents?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await rowOf(a.username).waitFor({ state: 'detached' });
    await rowOf(b.username).waitFor({ state: 'detached' });
    await rowOf('agent28').waitFor();
  });

  it('an office has no New Agents menu entry', async () => {
    const officePage = await newPage(browser);
    await openSignedIn(officePage, office.username, '/app/home');
    await officePage.getByRole('link', { name: 'Agents', exact: true }).waitFor();
    assert.equal(await officePage.getByRole('link', { name: /New Agents/ }).count(), 0);
    await officePage.close();
  });
});
