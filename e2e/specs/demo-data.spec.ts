// The demo data reads like a past: agents registered on different days, and no postback logged after now.
// Reads demo rows only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, apiLogin } from '../support/api';
import { launchBrowser, listLoaded, newPage, openSignedIn, WIDE } from '../support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('demo data', () => {
  it("spreads the agents' Registered dates over the past", async () => {
    const page = await newPage(browser, WIDE);
    await openSignedIn(page, 'super', '/app/agents?pageSize=50');
    await page.getByRole('heading', { name: 'Agents' }).waitFor();
    await listLoaded(page);
    const headers = await page.locator('thead th').allInnerTexts();
    const column = headers.findIndex((h) => h.includes('Registered'));
    assert.ok(column >= 0, 'a Registered column');
    const cells = await page.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts();
    const days = new Set(cells.map((c) => c.slice(0, 10)).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)));
    assert.ok(days.size >= 20, `Registered on ${days.size} different days`);
    await page.close();
  });

  it('logs no postback after now', async () => {
    const token = await apiLogin('super');
    const newest = (await api(token, 'POST', 'postback-logs', {
      pageSize: 5,
      sortField: 'time',
      sortAsc: false,
    })) as {
      items: { time: string }[];
    };
    assert.ok(newest.items.length > 0);
    for (const row of newest.items) assert.ok(Date.parse(row.time) <= Date.now(), `${row.time} is not ahead`);
    const page = await newPage(browser);
    await openSignedIn(page, 'super', '/app/logs/postbacks');
    await page.getByRole('heading', { name: 'Postbacks' }).waitFor();
    await listLoaded(page);
    await page.close();
  });
});
