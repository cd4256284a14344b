// The Audit Log tab: a custom rate and an agent of this spec's own, changed through the API, show in the
// superadmin's audit log in words (what happened, each field by its label with the screens' values), the
// action filter offers the actions by name, and the CSV keeps the words beside the route and raw values.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  apiLogin,
  createAgent,
  createOffice,
  uniqueName,
  type CreatedAgent,
  type CreatedOffice,
} from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

let browser: Browser;
let page: Page;
let office: CreatedOffice;
let agent: CreatedAgent;
let typeId: number;
let rateName: string;
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'super', '/app/logs/audit');
  const superToken = await apiLogin('super');
  const sites = await api<{ id: number; sitename: string }[]>(superToken, 'GET', 'sites');
  const types = await api<{ id: number; typename: string }[]>(
    superToken,
    'GET',
    `types/${sites[0].id}/by-site`,
  );
  typeId = types[0].id;
  office = await createOffice(superToken, { officeName: `Audit ${uniqueName('a')}` });
  rateName = `${office.officeName}, ${sites[0].sitename} ${types[0].typename}`;
  const rate = (payout: string) => ({
    typeId,
    companyId: office.id,
    enable: true,
    payout,
    earning: '10.00',
    lpp: 1,
    bonusPayout: '0',
    bonusEarning: '0',
    bonusLpp: 1,
  });
  await api(superToken, 'POST', 'companies/fees', rate('100.00'));
  await api(superToken, 'POST', 'companies/fees', rate('1234.50'));
  agent = await createAgent(superToken, { officeId: office.id });
  await api(superToken, 'POST', 'agents/status', { ids: [agent.id], active: false });
});
after(async () => {
  await browser.close();
});

describe('audit log', () => {
  it('says in words what happened to a custom rate, its fields before and after, and exports it', async () => {
    const key = `${typeId}/${office.id}`;
    await page.goto(`/app/logs/audit?targetType=custom-rate&targetId=${encodeURIComponent(key)}`);
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    const rows = page.locator('tbody tr');
    await rows.nth(1).waitFor();
    assert.equal(await rows.count(), 2);
    const changed = rows.first();
    await changed.getByText(`Changed custom rate ${rateName}: Payout ₱100 → ₱1,234.5`).waitFor();
    await changed.getByText(`Custom rate ${key} changed`).waitFor();
    await changed.locator('div', { hasText: /^Payout: ₱100 → ₱1,234\.5$/ }).waitFor();
    assert.equal(await changed.getByText('super', { exact: true }).count(), 1);
    // The route is for machines: the screen never shows it.
    assert.equal(await page.getByText('/api/').count(), 0);
    // The created row shows the new rate's fields from nothing.
    await rows.nth(1).getByText(`Custom rate ${key} created`).waitFor();
    await rows
      .nth(1)
      .getByText(new RegExp(`^Created custom rate ${rateName}`))
      .waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    assert.match(csv, /Changed custom rate .*: Payout ₱100 → ₱1,234\.5/);
    assert.match(csv, /Payout: ₱100 → ₱1,234\.5/);
    assert.match(csv, /POST \/api\/companies\/fees/);
    assert.match(csv, /""payout"":""1234\.50""/);
  });

  it('filters by an action chosen by its name, and says an agent was suspended', async () => {
    await page.goto(`/app/logs/audit?targetType=agent&targetId=${agent.id}`);
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    const rows = page.locator('tbody tr');
    await rows.first().getByText(`Changed agent ${agent.username}: Status Activated → Suspended`).waitFor();
    const action = page.getByRole('combobox', { name: 'Action' });
    await action.click();
    await page.getByRole('option', { name: 'Agent status', exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/action=Agent(\+|%20)status/);
    // The filtered list has only the status change left.
    await rows.nth(1).waitFor({ state: 'detached' });
    await rows.first().getByText(`Changed agent ${agent.username}: Status Activated → Suspended`).waitFor();
    assert.equal(await rows.count(), 1);
    await action.click();
    await page.getByRole('option', { name: 'Agent created', exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await rows.first().getByText(`Created agent ${agent.username}`).waitFor();
    assert.equal(await rows.count(), 1);
  });
});
