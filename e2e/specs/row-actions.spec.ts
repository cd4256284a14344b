// The table rule (docs/adding-an-area.md "Cells") on every list screen, at 1280x800 with the menu open:
// a row's actions and its money stay in view without sideways scrolling, as every role that sees the
// list; the postback and audit logs at both sizes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listLoaded } from '../support/browser';
import { assertListsKeepInView, keptInView, LISTS, pageAs, SIZES, tableWorld } from '../support/tables';

const world = tableWorld();

describe('row actions and money in view at 1280x800', () => {
  for (const user of Object.keys(LISTS))
    it(`${user} at ${SIZES[0].name}: every list, one statement`, () =>
      assertListsKeepInView(world.browser, user, SIZES[0]));

  it('postbacks and the audit log fit at both sizes; their ids, addresses and browsers give way first', async () => {
    for (const size of SIZES) {
      const page = await pageAs(world.browser, 'super', size.viewport);
      for (const path of [`/app/logs/postbacks?siteId=${world.site.id}`, '/app/logs/audit']) {
        await page.goto(path);
        await listLoaded(page);
        const r = await keptInView(page).catch(() => keptInView(page));
        assert.ok(r.pageWidth <= r.viewWidth, `${size.name} ${path}: ${r.pageWidth}px in ${r.viewWidth}px`);
      }
      if (size.viewport.width === 1280) {
        await page.goto(`/app/logs/postbacks?siteId=${world.site.id}`);
        await listLoaded(page);
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
