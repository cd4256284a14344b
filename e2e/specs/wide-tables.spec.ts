// The widest tables at 1280x800 (and on a phone), as admins and as an office user: the page never
// scrolls sideways, a wide table scrolls in its own box with its first column kept in view, no value is
// broken across lines, and money of four digits or more carries thousands separators.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertReadable, measure, pageAs, PHONE, tableWorld } from '../support/tables';

const world = tableWorld();

const ADMIN_PAGES = () => [
  { path: `/app/stats/sites?siteId=${world.site.id}&groupBy=detail`, money: true },
  // Every site of the period: the demo history and the spec's own site.
  { path: '/app/stats/sites?groupBy=detail', money: true },
  { path: '/app/stats/sites-payout?groupBy=detail', money: true },
  { path: '/app/stats/sites-payout?groupBy=agent', money: true },
  { path: '/app/agents', money: false },
  { path: '/app/offices', money: false },
  { path: '/app/logs/sale-logs', money: true },
  { path: `/app/logs/postbacks?siteId=${world.site.id}`, money: false },
];

describe('wide tables at 1280x800', () => {
  for (const admin of ['super', 'admin'])
    it(`${admin}: statistics by detail, payroll, agents, offices, sale logs and postbacks fit and read whole`, async () => {
      const page = await pageAs(world.browser, admin);
      for (const { path, money } of ADMIN_PAGES()) assertReadable(await measure(page, path), path, { money });
      const detail = await measure(page, `/app/stats/sites?siteId=${world.site.id}&groupBy=detail`);
      assert.ok(detail.headers.includes('Office'));
      await page.context().close();
    });

  it('office: statistics by detail, agents and sale logs, without a column of its own office', async () => {
    const page = await pageAs(world.browser, world.office.username);
    const pages = [
      { path: `/app/stats/sites?siteId=${world.site.id}&groupBy=detail`, money: true },
      { path: `/app/stats/sites?siteId=${world.site.id}&groupBy=agent`, money: true },
      { path: '/app/agents', money: false },
      { path: '/app/logs/sale-logs', money: true },
    ];
    for (const { path, money } of pages) {
      const report = await measure(page, path);
      assertReadable(report, path, { money });
      assert.ok(!report.headers.includes('Office'), `${path}: no Office column`);
    }
    await page.context().close();
  });
});

describe('wide tables on a phone', () => {
  it('the page never scrolls sideways; the tables scroll in their boxes', async () => {
    const page = await pageAs(world.browser, 'super', PHONE);
    for (const path of [`/app/stats/sites?siteId=${world.site.id}&groupBy=detail`, '/app/logs/sale-logs']) {
      const report = await measure(page, path);
      assert.ok(
        report.pageWidth <= report.viewWidth,
        `${path}: ${report.pageWidth}px in ${report.viewWidth}px`,
      );
      assert.deepEqual(report.broken, [], `${path}: values broken across lines`);
    }
    await page.context().close();
  });
});
