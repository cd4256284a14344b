// Each role's money at a glance on Home (issue 37): what the page shows is what GET home answered it, at
// 1280x800 with the menu open and on a phone, and the page never scrolls sideways. The agent and office are
// the spec's own (12 AVP sales this week on a site of its own); the admins' figures are read, never changed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import {
  avpNextText,
  formatCount,
  formatPeriod,
  formatPeso,
  formatPrice,
  HOME_TEXTS,
  payoutSummaryText,
  POSTBACK_RESULT_LABELS,
  type TAdminHome,
  type TAgentHome,
  type THome,
  type THomeTotals,
  type TOfficeHome,
} from '@salesdesk/contract';
import { changePercent } from '@salesdesk/web/src/home/change';
import { api, apiLogin, createAdmin, type CreatedAdmin } from '../support/api';
import { appAnswer, launchBrowser, newPage, openAs } from '../support/browser';
import { statsData, type StatsData } from '../support/stats-data';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const AVP_SALES = 12;

let browser: Browser;
let superToken: string;
let data: StatsData;
let admin: CreatedAdmin;
before(async () => {
  browser = await launchBrowser();
  superToken = await apiLogin('super');
  data = await statsData(superToken, { sales: AVP_SALES, site: { avp: true } });
  admin = await createAdmin(superToken); // no permission: no payouts, no webhooks link
});
after(async () => {
  await browser.close();
});

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Each figure of a card (its dt and dd), as shown. */
async function figures(page: Page, name: string): Promise<Record<string, string>> {
  return card(page, name)
    .locator('dl')
    .evaluate((dl) => {
      const out: Record<string, string> = {};
      for (const dt of Array.from(dl.querySelectorAll('dt')))
        out[dt.textContent ?? ''] = (dt.nextElementSibling as HTMLElement).innerText;
      return out;
    })
    .then((f) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, squash(v)])));
}

const pending = (n: number, pesos: string) => `${formatCount(n)} · ${formatPeso(pesos)}`;

function totalsShown(t: THomeTotals): Record<string, string> {
  return {
    [HOME_TEXTS.sales]: formatCount(t.sales),
    [HOME_TEXTS.bonuses]: formatCount(t.bonuses),
    [HOME_TEXTS.payout]: formatPeso(t.payout),
    [HOME_TEXTS.pending]: pending(t.held, t.heldPayout),
    ...(t.earning === null ? {} : { [HOME_TEXTS.earning]: formatPrice(t.earning) }),
  };
}

/** The page does not scroll sideways, and no card reaches past the viewport. */
async function assertFits(page: Page, where: string) {
  const m = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
    right: Math.max(
      ...Array.from(document.querySelectorAll('section'), (s) => s.getBoundingClientRect().right),
    ),
  }));
  assert.ok(m.scroll <= m.view, `${where}: the page is ${m.scroll}px wide in ${m.view}px`);
  assert.ok(m.right <= m.view + 1, `${where}: a card ends at ${m.right}px in ${m.view}px`);
}

/** Opens Home at 1280x800, then again on a phone; `check` runs on each with the answer the page got. */
async function eachSize<T extends THome>(username: string, check: (page: Page, home: T) => Promise<void>) {
  const page = await newPage(browser, LAPTOP);
  let answer = appAnswer(page, 'GET', 'home');
  await openAs(page, username, '/app/home');
  for (const [size, viewport] of [
    ['1280x800', LAPTOP],
    ['390x844', PHONE],
  ] as const) {
    if (viewport === PHONE) {
      await page.setViewportSize(PHONE);
      answer = appAnswer(page, 'GET', 'home');
      await page.reload();
    }
    const home = (await (await answer).json()) as T;
    await card(page, HOME_TEXTS.today).waitFor();
    await page.getByRole('table', { name: 'Weekly Top 10 Agents' }).waitFor(); // spec 1's Home stays
    await check(page, home);
    await assertFits(page, `${username} at ${size}`);
  }
  await page.context().close();
}

async function checkThree(page: Page, home: TAgentHome | TOfficeHome) {
  for (const [title, t] of [
    [HOME_TEXTS.today, home.today],
    [HOME_TEXTS.week, home.week],
    [HOME_TEXTS.period, home.period],
  ] as const) {
    assert.deepEqual(await figures(page, title), totalsShown(t), title);
    await card(page, title).getByText(formatPeriod(t), { exact: true }).waitFor();
    const link = card(page, title)
      .getByRole('link', { name: formatCount(t.sales), exact: true })
      .first();
    assert.equal(await link.getAttribute('href'), `/app/stats/sites?start=${t.start}&end=${t.end}`);
  }
}

describe('home money', () => {
  it('shows an agent its own money and AVP week as GET home answers it, on a laptop and a phone', async () => {
    const token = await apiLogin(data.agent.username);
    const own = await api<TAgentHome>(token, 'GET', 'home');
    assert.equal(own.week.sales, AVP_SALES);
    assert.equal(own.avp.progress.weekSales, AVP_SALES);
    await eachSize<TAgentHome>(data.agent.username, async (page, home) => {
      assert.equal(home.kind, 'agent');
      assert.deepEqual(home.week, own.week, 'the page got what the API answers the agent');
      await checkThree(page, home);
      const avp = card(page, HOME_TEXTS.avp);
      const site = home.avp.sites.find((s) => s.siteId === data.site.id);
      assert.equal(site?.sales, AVP_SALES);
      const row = avp.locator('li').filter({ hasText: data.site.sitename });
      assert.equal(squash(await row.innerText()), `${data.site.sitename} ${AVP_SALES}`);
      const next = home.avp.progress.next;
      const sentences = (await avp.locator('[data-avp-next]').allInnerTexts()).map(squash);
      if (next) {
        assert.equal(next.more, next.from - AVP_SALES);
        assert.deepEqual(sentences, [
          avpNextText(
            home.avp.sites.map((s) => s.site),
            next,
          ),
        ]);
        assert.ok(sentences[0].includes(data.site.sitename), sentences[0]);
      } else assert.deepEqual(sentences, [HOME_TEXTS.avpTop]);
      assert.equal(await card(page, HOME_TEXTS.lastStatement).count(), home.lastStatement ? 1 : 0);
    });
  });

  it('shows a demo agent its last statement as GET home answers it (read only)', async () => {
    await eachSize<TAgentHome>('agent01', async (page, home) => {
      const s = home.lastStatement;
      assert.ok(s, 'the demo closes pay periods, so agent01 has a statement');
      const expected: Record<string, string> = {
        Payable: formatPeso(s.payable),
        Paid: s.paidOn ?? HOME_TEXTS.notPaid,
        ...(s.summary ? { Method: payoutSummaryText(s.summary) } : {}),
      };
      assert.deepEqual(await figures(page, HOME_TEXTS.lastStatement), expected);
      const link = card(page, HOME_TEXTS.lastStatement).getByRole('link', { name: formatPeriod(s) });
      assert.match(
        (await link.getAttribute('href')) ?? '',
        new RegExp(`^/app/stats/pay-statements/${s.start}/\\d+$`),
      );
    });
  });

  it('shows an office its agents’ money, idle agents and top 5, on a laptop and a phone', async () => {
    const own = await api<TOfficeHome>(await apiLogin(data.office.username), 'GET', 'home');
    assert.equal(own.week.sales, AVP_SALES + 1);
    assert.deepEqual(
      own.top5.map((a) => [a.username, a.sales]),
      [
        [data.agent.username, AVP_SALES],
        [data.other.username, 1],
      ],
    );
    await eachSize<TOfficeHome>(data.office.username, async (page, home) => {
      assert.equal(home.kind, 'office');
      assert.deepEqual(home.week, own.week);
      await checkThree(page, home);
      const held = card(page, HOME_TEXTS.heldForReview).locator('[data-figure]');
      assert.equal(squash(await held.innerText()), formatCount(home.heldForReview));
      const idle = card(page, HOME_TEXTS.idleAgents);
      assert.equal(squash(await idle.locator('[data-figure]').innerText()), formatCount(home.idleAgents));
      assert.equal(await idle.locator('li').count(), home.idle.length);
      const top = (await card(page, HOME_TEXTS.top5).locator('li').allInnerTexts()).map(squash);
      assert.deepEqual(
        top,
        home.top5.map((a, i) => `${i + 1}. ${a.username} (${a.agentName}) ${formatCount(a.sales)}`),
      );
    });
  });

  async function checkAdmin(page: Page, home: TAdminHome) {
    assert.equal(home.kind, 'admin');
    const t = totalsShown(home.today);
    const w = totalsShown(home.lastWeek);
    const change = (now: string | null, before: string | null) => changePercent(now, before) ?? '—';
    const changes: Record<string, string> = {
      [HOME_TEXTS.sales]: change(String(home.today.sales), String(home.lastWeek.sales)),
      [HOME_TEXTS.bonuses]: change(String(home.today.bonuses), String(home.lastWeek.bonuses)),
      [HOME_TEXTS.payout]: change(home.today.payout, home.lastWeek.payout),
      [HOME_TEXTS.pending]: change(home.today.heldPayout, home.lastWeek.heldPayout),
      [HOME_TEXTS.earning]: change(home.today.earning, home.lastWeek.earning),
    };
    const expected = Object.fromEntries(
      Object.keys(t).map((k) => [k, `${t[k]} ${HOME_TEXTS.lastWeek}: ${w[k]} (${changes[k]})`]),
    );
    assert.deepEqual(await figures(page, HOME_TEXTS.today), expected);
    const count = async (title: string) =>
      squash(await card(page, title).locator('[data-figure]').innerText());
    assert.equal(await count(HOME_TEXTS.heldForReview), formatCount(home.heldForReview));
    const refused = home.refusedPostbacks.reduce((n, r) => n + r.count, 0);
    assert.equal(await count(HOME_TEXTS.refused), formatCount(refused));
    assert.deepEqual(
      (await card(page, HOME_TEXTS.refused).locator('li').allInnerTexts()).map(squash),
      home.refusedPostbacks.map((r) => `${POSTBACK_RESULT_LABELS[r.reason]} ${formatCount(r.count)}`),
    );
    assert.equal(await count(HOME_TEXTS.clickWriter), home.clickWriter.ok ? 'OK' : 'Behind');
    assert.equal(await count(HOME_TEXTS.failingWebhooks), formatCount(home.failingWebhooks));
    if (home.pendingPayouts) {
      const p = home.pendingPayouts;
      assert.equal(await count(HOME_TEXTS.pendingPayouts), pending(p.lines, p.amount));
    } else assert.equal(await card(page, HOME_TEXTS.pendingPayouts).count(), 0);
  }

  it('shows an admin today against the same day last week and what needs it, on a laptop and a phone', async () => {
    await eachSize<TAdminHome>(admin.username, async (page, home) => {
      await checkAdmin(page, home);
      assert.equal(home.today.earning, null, 'no earnings without the permission');
      assert.equal(home.pendingPayouts, null);
      assert.equal(await card(page, HOME_TEXTS.failingWebhooks).getByRole('link').count(), 0);
    });
  });

  it('shows a superadmin its earnings and the payouts to make, linking to them', async () => {
    await eachSize<TAdminHome>('super', async (page, home) => {
      await checkAdmin(page, home);
      assert.notEqual(home.pendingPayouts, null);
      assert.equal(
        await card(page, HOME_TEXTS.heldForReview).getByRole('link').getAttribute('href'),
        '/app/review',
      );
      assert.equal(
        await card(page, HOME_TEXTS.failingWebhooks).getByRole('link').getAttribute('href'),
        '/app/settings/webhooks',
      );
      // The cards add no serious WCAG A/AA violation (the rest of Home is spec 1's).
      const axe = await new AxeBuilder({ page })
        .include('[role="group"][aria-label="Money today"]')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`),
        [],
      );
    });
  });
});
