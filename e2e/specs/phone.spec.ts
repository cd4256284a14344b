// Lists on a phone (390x844): filters fold away, a row's wide actions and hidden values open from it, a
// statement's heading and Payable come first, and the Links page keeps its Copy button.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listLoaded } from '../support/browser';
import { openFirstStatement, pageAs, PHONE, tableWorld } from '../support/tables';

const world = tableWorld(false);

describe('a phone', () => {
  it('folds the filters behind one button, so the first rows are on the first screen', async () => {
    const page = await pageAs(world.browser, 'super', PHONE);
    for (const path of ['/app/review', '/app/logs/sale-logs', '/app/stats/pay-statements', '/app/agents']) {
      await page.goto(path);
      const row = page.locator('table[aria-busy="false"] tbody tr td').first();
      await row.waitFor();
      assert.equal(
        await page.locator('[data-filters]').isVisible(),
        false,
        `${path}: the filters are folded`,
      );
      const box = await row.boundingBox();
      assert.ok(
        box && box.y + box.height <= 844,
        `${path}: the first row is on the first screen (at ${box?.y})`,
      );
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.locator('[data-filters]').waitFor();
    }
    await page.getByRole('search').getByLabel('Search by username').waitFor();
    await page.context().close();
  });

  it('opens a row’s wide actions from one button and its hidden values from its detail', async () => {
    const page = await pageAs(world.browser, 'super', PHONE, '/app/review');
    await listLoaded(page);
    await page.locator('td[data-keep="actions"]').first().getByRole('button', { name: 'Actions' }).click();
    await page
      .getByRole('button', { name: /^Suspend for fraud / })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Show details' }).first().click();
    await page.locator('tr[data-row-detail] dt', { hasText: 'Agent' }).first().waitFor();
    await page.context().close();
  });

  it('shows a statement’s agent, period and Payable on the first screen', async () => {
    const page = await pageAs(world.browser, 'office1', PHONE);
    await openFirstStatement(page);
    const heading = page.getByText(/\d{4}-\d\d-\d\d - \d{4}-\d\d-\d\d/).first();
    await heading.waitFor();
    assert.match((await heading.innerText()) ?? '', /agent\d\d/);
    const payable = page.getByText('Payable', { exact: false }).first();
    const box = await payable.boundingBox();
    assert.ok(box && box.y + box.height <= 844, `Payable is on the first screen (at ${box?.y})`);
    await page.context().close();
  });

  it('shows the Links page’s Copy button and explains the link length', async () => {
    const page = await pageAs(world.browser, 'agent01', PHONE, '/app/links/links');
    await page.getByText('How many characters of each link the table shows').waitFor();
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Get links' }).click();
    await listLoaded(page);
    // (A row's detail button, when a column gave way, leads the row with a hidden label.)
    const headers = (await page.locator('table thead th').allInnerTexts())
      .map((h) => h.trim())
      .filter((h) => h !== 'Details' && h !== '');
    assert.deepEqual(headers.slice(0, 2), ['Site', 'Type']);
    const copy = page.getByRole('button', { name: /copy/i }).first();
    const box = await copy.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'Copy is in view');
    await page.context().close();
  });
});
