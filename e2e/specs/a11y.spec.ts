import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, openSignedIn } from '../support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

/** Serious and critical WCAG A/AA violations on the page as it is now. */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''} ${n.html}`).join(', ')}`,
    );
}

describe('accessibility', () => {
  it('the login page has no serious violations', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
  });

  it('the offices list and form have no serious violations', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'super', '/app/offices');
    await page.locator('tbody tr').first().waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await page.goto('/app/offices/edit/1');
    await page.getByLabel('Office Name').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
  });

  it('the audit log has no serious violations', async () => {
    const page = await newPage(browser);
    await openSignedIn(page, 'super', '/app/logs/audit');
    await page.locator('tbody tr').first().waitFor();
    assert.deepEqual(await seriousViolations(page), []);
  });
});
