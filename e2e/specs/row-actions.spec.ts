// The table rule (docs/adding-an-area.md "Cells") on every list screen, at 1280x800 with the menu open: a row's
// actions and its money stay in view without sideways scrolling, as every role that sees the list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertKeptInView,
  keptInView,
  LISTS,
  openFirstStatement,
  pageAs,
  SIZES,
  tableWorld,
} from '../support/tables';

const world = tableWorld();

describe('row actions and money in view at 1280x800', () => {
  for (const size of SIZES.filter((s) => s.viewport.width > 600))
    for (const [user, paths] of Object.entries(LISTS))
      it(`${user} at ${size.name}: every list, one statement`, async () => {
        const page = await pageAs(world.browser, user, size.viewport);
        for (const path of paths) {
          await page.goto(path);
          // Home's top tables show counts, not money: there the page must simply fit.
          if (path === '/app/home') {
            await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
            const width = await page.evaluate(() => [
              document.documentElement.scrollWidth,
              document.documentElement.clientWidth,
            ]);
            assert.ok(width[0] <= width[1], `${user} ${size.name} home: ${width[0]}px in ${width[1]}px`);
            const sales = page.getByRole('columnheader', { name: 'Sales' }).first();
            const box = await sales.boundingBox();
            assert.ok(
              box && box.x + box.width <= size.viewport.width + 1,
              `${user} ${size.name} home: Sales in view`,
            );
            continue;
          }
          await assertKeptInView(page, path, `${user} ${size.name}`);
        }
        await openFirstStatement(page);
        await assertKeptInView(page, 'a statement', `${user} ${size.name}`);
        await page.context().close();
      });

  it('postbacks and the audit log fit at both sizes; their ids, addresses and browsers give way first', async () => {
    for (const size of SIZES.filter((s) => s.viewport.width > 600)) {
      const page = await pageAs(world.browser, 'super', size.viewport);
      for (const path of [`/app/logs/postbacks?siteId=${world.site.id}`, '/app/logs/audit']) {
        await page.goto(path);
        await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
        const r = await keptInView(page).catch(() => keptInView(page));
        assert.ok(r.pageWidth <= r.viewWidth, `${size.name} ${path}: ${r.pageWidth}px in ${r.viewWidth}px`);
      }
      if (size.viewport.width === 1280) {
        await page.goto(`/app/logs/postbacks?siteId=${world.site.id}`);
        await page.locator('table[aria-busy="false"] tbody tr td').first().waitFor();
        const headers = await page.locator('table thead th').allInnerTexts();
        assert.ok(
          headers.some((h) => h.includes('Result')),
          'the postback result stays',
        );
      }
      await page.context().close();
    }
  });
});
