// The Audit Log tab: a custom rate of an office this spec created, changed through the API, shows in the
// superadmin's audit log with its field before and after; its CSV holds the same change.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin, createOffice, uniqueName, type CreatedOffice } from '../support/api';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let browser: Browser;
let page: Page;
let office: CreatedOffice;
let typeId: number;
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await loginAs(page, 'super');
  const superToken = await apiLogin('super');
  const sites = await api<{ id: number; sitename: string }[]>(superToken, 'GET', 'sites');
  const types = await api<{ id: number }[]>(superToken, 'GET', `types/${sites[0].id}/by-site`);
  typeId = types[0].id;
  office = await createOffice(superToken, { officeName: `Audit ${uniqueName('a')}` });
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
  await api(superToken, 'POST', 'companies/fees', rate('123.45'));
});
after(async () => {
  await browser.close();
});

describe('audit log', () => {
  it("shows a custom rate's change with its value before and after, and exports it", async () => {
    const key = `${typeId}/${office.id}`;
    await page.goto(`/app/logs/audit?targetType=custom-rate&targetId=${encodeURIComponent(key)}`);
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    const rows = page.locator('tbody tr');
    await rows.filter({ hasText: 'POST /api/companies/fees' }).nth(1).waitFor();
    assert.equal(await rows.count(), 2);
    const changed = rows.first();
    assert.match((await changed.textContent()) ?? '', new RegExp(`Custom rate #${key}`));
    await changed.getByText(`office_fees ${key} changed`).waitFor();
    const payout = changed.locator('div', { hasText: /^payout: 100\.00 → 123\.45$/ });
    await payout.waitFor();
    assert.equal(await changed.getByText('super', { exact: true }).count(), 1);
    // The created row shows the new rate's fields from nothing.
    await rows.nth(1).getByText(`office_fees ${key} created`).waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    assert.match(csv, /payout: 100\.00 → 123\.45/);
  });
});
