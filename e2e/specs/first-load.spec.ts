// The login page's first load stays within its budget: the JavaScript Chromium fetches to show it,
// gzipped as a server would send it (issue 20: at most 200 KiB; 220.6 KiB before the split).
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage } from '../support/browser';

const BUDGET_BYTES = 200 * 1024;

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

it('the login page fetches at most 200 KiB of gzipped JavaScript, and no page of /app', async () => {
  const page = await newPage(browser);
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(res.body().then((body) => ({ url: res.url(), bytes: zlib.gzipSync(body).length })));
  });
  await page.goto(`${BASE_URL}/login`);
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  const total = loaded.reduce((sum, s) => sum + s.bytes, 0);
  assert.ok(loaded.length > 0, 'no script was fetched');
  assert.ok(
    total <= BUDGET_BYTES,
    `${(total / 1024).toFixed(1)} KiB: ${loaded.map((s) => `${s.url.split('/').pop()} ${s.bytes}`).join(', ')}`,
  );
  // The app frame, the editor and the charts come with the pages that use them.
  const names = loaded.map((s) => s.url.split('/').pop() ?? '');
  for (const lazy of ['app-frame', 'tiptap', 'echarts'])
    assert.ok(!names.some((n) => n.startsWith(lazy)), `${lazy} is in the first load: ${names.join(', ')}`);
  await page.close();
});
