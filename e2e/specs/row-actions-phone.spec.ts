// The table rule (docs/adding-an-area.md "Cells") on every list screen, on a phone (390x844): a row's
// actions and its money stay in view without sideways scrolling, as every role that sees the list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertKeptInView, LISTS, openFirstStatement, pageAs, SIZES, tableWorld } from '../support/tables';

const world = tableWorld(false);

describe('row actions and money in view on a phone', () => {
  for (const size of SIZES.filter((s) => s.viewport.width < 600))
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
});
