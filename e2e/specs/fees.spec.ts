import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, apiLogin, createOffice, uniqueName, type CreatedOffice } from '../support/api';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

// The rate is set on a demo site for an office this spec created; no demo office's rates change.
let browser: Browser;
let page: Page;
let superToken: string;
let office: CreatedOffice;
let site: { id: number; sitename: string };
let type: { id: number; typename: string; payout: string };
before(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await openSignedIn(page, 'super', '/app/sites/company-fees');
  superToken = await apiLogin('super');
  const sites = await api<{ id: number; sitename: string }[]>(superToken, 'GET', 'sites');
  site = sites.find((s) => s.sitename === 'CamStars') ?? sites[0];
  const types = await api<{ id: number; typename: string; payout: string }[]>(
    superToken,
    'GET',
    `types/${site.id}/by-site?sortField=typename&sortAsc=true`,
  );
  type = types[0];
  // 'A ...' sorts before the demo offices and those of other specs: the row is on the first page.
  office = await createOffice(superToken, { officeName: `A Fees ${uniqueName('f')}` });
});
after(async () => {
  await browser.close();
});

const input = (label: string) => page.getByLabel(`${label} ${office.officeName}`, { exact: true });

async function pick(label: 'Site' | 'Type', option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('offices custom payments', () => {
  it('sets a custom rate for an office, saved at once and kept after a reload', async () => {
    await page.goto('/app/sites/company-fees');
    await page.getByRole('heading', { name: 'Offices custom payments' }).waitFor();
    await page.getByText('Choose a site and a type').waitFor();
    await pick('Site', site.sitename);
    await pick('Type', type.typename);
    await page.waitForURL(
      new RegExp(`siteId=${site.id}.*typeId=${type.id}|typeId=${type.id}.*siteId=${site.id}`),
    );

    const payout = input('Payout');
    await payout.waitFor();
    assert.equal(await payout.inputValue(), type.payout, "Custom off shows the type's default");
    assert.equal(await payout.getAttribute('readonly'), '', 'and it is read-only');

    await page.getByRole('checkbox', { name: `Custom ${office.officeName}` }).check();
    await page.waitForFunction(
      (label) => !(document.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement).readOnly,
      `Payout ${office.officeName}`,
    );
    await payout.fill('123.45');
    await payout.press('Tab');
    await page.getByLabel(`Saving ${office.officeName}`).waitFor({ state: 'detached' });
    const lpp = input('lpp');
    await lpp.fill('-1');
    await lpp.press('Enter');
    await page.getByText('Must be a whole number, min 0').waitFor();

    await page.reload();
    await payout.waitFor();
    assert.equal(await page.getByRole('checkbox', { name: `Custom ${office.officeName}` }).isChecked(), true);
    await page.waitForFunction(
      (label) =>
        (document.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement).value === '123.45',
      `Payout ${office.officeName}`,
    );
    const saved = await api<{ items: { companyId: number; enable: boolean; payout: string; lpp: number }[] }>(
      superToken,
      'GET',
      `companies/fees?typeId=${type.id}&pageSize=500`,
    );
    const row = saved.items.find((r) => r.companyId === office.id);
    assert.deepEqual(row && { enable: row.enable, payout: row.payout }, { enable: true, payout: '123.45' });
  });
});
