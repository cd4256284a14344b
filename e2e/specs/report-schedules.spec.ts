// Scheduled reports and the statistics comparison (issue 37): a user has the report on screen sent with
// `Send this report`, finds it in Profile, pauses and deletes it; Statistics compared with the previous
// period show the other period's figures, and the table still reads whole at 1280 px.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  addDays,
  easternDay,
  formatPeso,
  formatCount,
  REPORT_SCHEDULE_TEXTS as T,
  type TList,
  type TReportSchedule,
  type TStatsResult,
  type TTop10Computed,
} from '@salesdesk/contract';
import { api, apiLogin, createAdmin, type CreatedAdmin } from '../support/api';
import { launchBrowser, newPage, openAs } from '../support/browser';
import { cell, choose, statsTable } from '../support/stats-page';
import { assertReadable, LAPTOP, measure } from '../support/tables';

let browser: Browser;
let admin: CreatedAdmin;
before(async () => {
  browser = await launchBrowser();
  admin = await createAdmin(await apiLogin('super'));
});
after(async () => {
  await browser.close();
});

describe('Scheduled reports', () => {
  it('Send this report on Statistics, then the report in Profile: paused and deleted', async () => {
    const page = await newPage(browser, LAPTOP);
    await openAs(page, admin.username, '/app/stats/sites?groupBy=agent', admin.password);
    await statsTable(page).and(page.locator('[aria-busy="false"]')).waitFor();
    await page.getByRole('button', { name: T.send }).click();
    const dialog = page.getByRole('dialog', { name: T.send });
    await choose(page, 'Frequency', 'Weekly (Monday)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(T.saved).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const token = await apiLogin(admin.username, admin.password);
    const own = () =>
      api<TList<TReportSchedule>>(token, 'POST', 'report-schedules/search', { page: 1, pageSize: 50 });
    const [saved] = (await own()).items;
    assert.equal(saved.kind, 'sites');
    assert.equal(saved.frequency, 'weekly');
    assert.deepEqual(saved.filters, { groupBy: 'agent' });

    await page.goto('/app/profile');
    const list = page.getByRole('table', { name: T.title });
    const row = list.locator('tbody tr', { hasText: saved.title });
    await row.waitFor();
    await row.getByText('By agent · Site: All').waitFor();
    await row.getByRole('button', { name: T.pause }).click();
    await row.getByRole('button', { name: T.resume }).waitFor();
    assert.equal((await own()).items[0].paused, true);

    await row.getByRole('button', { name: T.delete }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(T.deleteConfirm).waitFor();
    await confirm.getByRole('button', { name: T.delete }).click();
    await list.getByText(T.empty).waitFor();
    assert.equal((await own()).total, 0);
    await page.context().close();
  });
});

describe('Statistics compared with the previous period', () => {
  it('shows the other period under the figures and the Overall Total, and reads whole at 1280 px', async () => {
    const today = easternDay(new Date());
    const range = { start: addDays(today, -13), end: addDays(today, -7) };
    const path = `/app/stats/sites?groupBy=company&start=${range.start}&end=${range.end}&compare=previous`;
    const page = await newPage(browser, LAPTOP);
    await openAs(page, 'admin', path);
    await statsTable(page).and(page.locator('[aria-busy="false"]')).waitFor();
    await page.getByText(/^Compared with: Previous period \(/).waitFor();
    assert.ok((await statsTable(page).locator('tbody [data-compare]').count()) > 0, 'rows are compared');

    const answer = await api<TStatsResult>(await apiLogin('admin'), 'POST', 'stats/sites', {
      groupBy: 'company',
      ...range,
      compare: 'previous',
      page: 1,
      pageSize: 50,
    });
    assert.ok(answer.compare, 'the server compared');
    assert.equal(answer.compare.end, addDays(range.start, -1));
    const total = await cell(page, 'Overall Total', 'Payout');
    assert.ok(
      total.includes(formatPeso(answer.compare.overall.payout)),
      `${total}: the other period's payout`,
    );
    assert.match(total, /[+-]\d[\d,]*\.\d\d%|0%|—/);

    assertReadable(await measure(page, path), path, { money: true });
    await page.context().close();
  });
});

describe('Top agents compared with the previous period', () => {
  it("shows each place's sales in the other period, as the server counts them", async () => {
    const today = easternDay(new Date());
    const range = { start: addDays(today, -13), end: addDays(today, -7) };
    const path = `/app/stats/top-agents?start=${range.start}&end=${range.end}&compare=previous`;
    const page = await newPage(browser, LAPTOP);
    await openAs(page, 'admin', path);
    await page.getByText(/^Compared with: Previous period \(/).waitFor();
    const all = page.getByRole('table', { name: 'All Agents' });
    const first = all.locator('tbody tr').first();
    await first.locator('[data-compare-other]').waitFor();

    const answer = await api<TTop10Computed>(await apiLogin('admin'), 'POST', 'stats/top10/computed', {
      ...range,
      compare: 'previous',
      page: 1,
      pageSize: 50,
    });
    assert.deepEqual(answer.compare, { start: addDays(range.start, -7), end: addDays(range.start, -1) });
    const place = answer.items[0];
    assert.equal(await first.locator('[data-compare-other]').innerText(), formatCount(place.otherSales ?? 0));
    assertReadable(await measure(page, path), path, { money: false });
    await page.context().close();
  });
});
