import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HOME_TEXTS,
  Permission,
  Role,
  type TAdminHome,
  type TAgentHome,
  type THome,
  type THomeTotals,
  type TMe,
  type TOfficeHome,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi, testMe } from '../ui/test-utils';
import { HOME_LOAD_FAILED } from './home-money';
import { HomePage } from './home-page';

const totals = (start: string, end: string, over: Partial<THomeTotals> = {}): THomeTotals => ({
  start,
  end,
  sales: 12,
  bonuses: 1,
  payout: '1250.50',
  held: 2,
  heldPayout: '200.00',
  uniques: 40,
  earning: null,
  ...over,
});

const TODAY = totals('2026-11-27', '2026-11-27', { sales: 3, payout: '300.00', held: 0, heldPayout: '0.00' });
const WEEK = totals('2026-11-22', '2026-11-28');
const PERIOD = totals('2026-11-16', '2026-11-30', { sales: 1520, payout: '152000.00' });

const agentHome: TAgentHome = {
  kind: 'agent',
  today: TODAY,
  week: WEEK,
  period: PERIOD,
  lastStatement: {
    start: '2026-11-01',
    end: '2026-11-15',
    payable: '4800.00',
    paidOn: null,
    summary: { method: 'gcash', last4: '4321' },
  },
  avp: {
    sites: [
      { siteId: 5, site: 'CamStars', sales: 6 },
      { siteId: 6, site: 'Lovely Dates', sales: 2 },
    ],
    progress: { weekSales: 8, next: { index: 2, from: 20, to: 49, more: 12, payout: '1500.00' } },
  },
};

const officeHome: TOfficeHome = {
  kind: 'office',
  today: TODAY,
  week: WEEK,
  period: PERIOD,
  heldForReview: 4,
  idleAgents: 2,
  idle: [
    { agentId: 31, username: 'agent31', agentName: '', sales: 0, lastSale: null },
    { agentId: 32, username: 'agent32', agentName: 'Ann Cruz', sales: 0, lastSale: '2026-11-10' },
  ],
  top5: [
    { agentId: 11, username: 'agent11', agentName: 'Ben Reyes', sales: 9, lastSale: '2026-11-27' },
    { agentId: 12, username: 'agent12', agentName: '', sales: 5, lastSale: '2026-11-26' },
  ],
};

const adminHome = (over: Partial<TAdminHome> = {}): TAdminHome => ({
  kind: 'admin',
  today: totals('2026-11-27', '2026-11-27', { sales: 12, earning: '120.00' }),
  lastWeek: totals('2026-11-20', '2026-11-20', { sales: 8, payout: '0.00', earning: '80.00' }),
  heldForReview: 6,
  refusedPostbacks: [
    { reason: 'WRONG_TOKEN', count: 3 },
    { reason: 'UNKNOWN_CLICK', count: 1200 },
  ],
  clickWriter: { ok: true, waiting: 0, reason: null },
  failingWebhooks: 1,
  pendingPayouts: { lines: 7, amount: '35000.00' },
  ...over,
});

let answer: THome;
let homeStatus = 200;
const calls: string[] = [];
beforeEach(() => {
  homeStatus = 200;
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/home'))
        return homeStatus === 200
          ? new Response(JSON.stringify(answer), { status: 200 })
          : new Response(JSON.stringify({ code: 'INTERNAL', message: 'Boom' }), { status: homeStatus });
      const body = url.includes('dashboard')
        ? {
            agentNotes: null,
            showAgentFraudNotes: false,
            lastNews: { html: '<h3>Big news</h3>' },
            weekPeriod: { start: '2026-11-22', end: '2026-11-28' },
            weekTop10: [],
            allTimeTop10: [],
            weekOfficeTop10: [],
          }
        : {
            name: 'emarket',
            displayName: 'eMarket',
            styleClass: '',
            copyright: '',
            showIp: true,
            showHowToSell: true,
          };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const card = (name: string) => screen.getByRole('region', { name });
/** The value a card's figure shows (its dd), by the figure's label (its dt). */
function figure(region: HTMLElement, label: string): HTMLElement {
  const term = within(region)
    .getAllByText(label)
    .find((el) => el.tagName === 'DT');
  if (!term?.nextElementSibling) throw new Error(`no figure ${label}`);
  return term.nextElementSibling as HTMLElement;
}
const href = (el: HTMLElement) => el.querySelector('a')?.getAttribute('href');

async function open(role: Role, home: THome, over: Partial<TMe> = {}) {
  answer = home;
  startSession('tok', testMe(role, over));
  const view = renderUi(<HomePage />, { route: '/app/home', query: true });
  await screen.findByText('Big news'); // spec 1's Home stays under the figures
  return view;
}

describe('Home money: agent', () => {
  it('shows today, this week and this pay period, each figure leading to its statistics', async () => {
    await open(Role.Agent, agentHome);
    const today = await screen.findByRole('region', { name: HOME_TEXTS.today });
    expect(figure(today, HOME_TEXTS.sales).textContent).toBe('3');
    expect(figure(today, HOME_TEXTS.payout).textContent).toBe('₱300');
    expect(figure(today, HOME_TEXTS.pending).textContent).toBe('0 · ₱0');
    expect(href(figure(today, HOME_TEXTS.sales))).toBe('/app/stats/sites?start=2026-11-27&end=2026-11-27');
    const week = card(HOME_TEXTS.week);
    expect(within(week).getByText('2026-11-22 - 2026-11-28')).toBeTruthy();
    expect(figure(week, HOME_TEXTS.bonuses).textContent).toBe('1');
    expect(figure(week, HOME_TEXTS.payout).textContent).toBe('₱1,250.5');
    expect(figure(week, HOME_TEXTS.pending).textContent).toBe('2 · ₱200');
    const period = card(HOME_TEXTS.period);
    expect(figure(period, HOME_TEXTS.sales).textContent).toBe('1,520');
    expect(figure(period, HOME_TEXTS.payout).textContent).toBe('₱152,000');
    expect(href(figure(period, HOME_TEXTS.payout))).toBe('/app/stats/sites?start=2026-11-16&end=2026-11-30');
    expect(within(period).queryByText(HOME_TEXTS.earning)).toBeNull();
  });

  it('shows the last statement with its method, unpaid, linking to it', async () => {
    await open(Role.Agent, agentHome);
    const s = await screen.findByRole('region', { name: HOME_TEXTS.lastStatement });
    expect(figure(s, 'Payable').textContent).toBe('₱4,800');
    expect(href(figure(s, 'Payable'))).toBe('/app/stats/pay-statements/2026-11-01/7');
    expect(figure(s, 'Paid').textContent).toBe(HOME_TEXTS.notPaid);
    expect(figure(s, 'Method').textContent).toBe('GCash ••••4321');
    expect(within(s).getByRole('link', { name: '2026-11-01 - 2026-11-15' })).toBeTruthy();
  });

  it('shows a paid statement with its date, and none when there is no statement', async () => {
    await open(Role.Agent, {
      ...agentHome,
      lastStatement: { ...agentHome.lastStatement!, paidOn: '2026-11-20', summary: null },
    });
    const s = await screen.findByRole('region', { name: HOME_TEXTS.lastStatement });
    expect(figure(s, 'Paid').textContent).toBe('2026-11-20');
    expect(within(s).queryByText('Method')).toBeNull();
  });

  it("shows this week's AVP sales per site and what the next volume needs", async () => {
    await open(Role.Agent, agentHome);
    const avp = await screen.findByRole('region', { name: HOME_TEXTS.avp });
    const link = within(avp).getByRole('link', { name: '6' });
    expect(link.getAttribute('href')).toBe('/app/stats/sites-avp?start=2026-11-22&end=2026-11-28&siteId=5');
    // One sentence: the volume counts the sales on every AVP site together.
    const sentences = avp.querySelectorAll('[data-avp-next]');
    expect([...sentences].map((n) => n.textContent)).toEqual([
      '12 more sales on CamStars or Lovely Dates this week reach 20-49 sales: ₱1,500',
    ]);
  });

  it('says so at the top of the AVP schedule', async () => {
    await open(Role.Agent, {
      ...agentHome,
      avp: { ...agentHome.avp, progress: { weekSales: 60, next: null } },
    });
    const avp = await screen.findByRole('region', { name: HOME_TEXTS.avp });
    expect(within(avp).getByText(HOME_TEXTS.avpTop)).toBeTruthy();
  });

  it('leaves out the AVP and statement cards when there are none', async () => {
    await open(Role.Agent, {
      ...agentHome,
      lastStatement: null,
      avp: { sites: [], progress: { weekSales: 0, next: null } },
    });
    await screen.findByRole('region', { name: HOME_TEXTS.today });
    expect(screen.queryByRole('region', { name: HOME_TEXTS.avp })).toBeNull();
    expect(screen.queryByRole('region', { name: HOME_TEXTS.lastStatement })).toBeNull();
  });

  it('shows an agent suspended for fraud its own money (GET home is open to it, as its statements)', async () => {
    await open(Role.Agent, agentHome, { fraudSuspended: true });
    await screen.findByRole('region', { name: HOME_TEXTS.today });
    expect(calls.some((u) => u.endsWith('/home'))).toBe(true);
  });

  it('says when the figures could not be loaded, and keeps the rest of Home', async () => {
    homeStatus = 500;
    await open(Role.Agent, agentHome);
    expect((await screen.findByText(HOME_LOAD_FAILED)).getAttribute('role')).toBe('alert');
  });
});

describe('Home money: office', () => {
  it("shows its agents' totals, held for review, idle agents and the top 5 this week", async () => {
    await open(Role.Company, officeHome);
    const week = await screen.findByRole('region', { name: HOME_TEXTS.week });
    expect(figure(week, HOME_TEXTS.sales).textContent).toBe('12');
    expect(card(HOME_TEXTS.period)).toBeTruthy();
    const held = card(HOME_TEXTS.heldForReview);
    expect(within(held).getByText('4')).toBeTruthy();
    expect(within(held).queryByRole('link')).toBeNull(); // an office cannot open the review queue
    const idle = card(HOME_TEXTS.idleAgents);
    expect(within(idle).getByText('2')).toBeTruthy();
    expect(within(idle).getByText('agent31')).toBeTruthy();
    expect(within(idle).getByText('No sale yet')).toBeTruthy();
    expect(within(idle).getByText('agent32 (Ann Cruz)')).toBeTruthy();
    expect(within(idle).getByText('Last sale 2026-11-10')).toBeTruthy();
    const top = card(HOME_TEXTS.top5);
    expect(within(top).getByText('1. agent11 (Ben Reyes)')).toBeTruthy();
    expect(within(top).getByText('2. agent12')).toBeTruthy();
    expect(within(top).getByRole('link', { name: '9' }).getAttribute('href')).toBe(
      '/app/stats/sites?start=2026-11-22&end=2026-11-28&agentId=11',
    );
  });
});

describe('Home money: admins', () => {
  it('shows a superadmin today against the same day last week, with every link', async () => {
    await open(Role.Superadmin, adminHome());
    const today = await screen.findByRole('region', { name: HOME_TEXTS.today });
    expect(figure(today, HOME_TEXTS.sales).textContent).toBe('12Same day last week: 8 (+50.00%)');
    expect(figure(today, HOME_TEXTS.payout).textContent).toBe('₱1,250.5Same day last week: ₱0 (—)');
    expect(figure(today, HOME_TEXTS.pending).textContent).toBe('2 · ₱200Same day last week: 2 · ₱200 (0%)');
    expect(figure(today, HOME_TEXTS.earning).textContent).toBe('$120.00Same day last week: $80.00 (+50.00%)');
    expect(within(today).getByRole('link', { name: '12' }).getAttribute('href')).toBe(
      '/app/stats/sites?start=2026-11-27&end=2026-11-27',
    );
    expect(
      within(today)
        .getAllByText(/^Same day last week/)[0]
        .closest('a')
        ?.getAttribute('href'),
    ).toBe('/app/stats/sites?start=2026-11-20&end=2026-11-20');
    expect(within(card(HOME_TEXTS.heldForReview)).getByRole('link', { name: '6' }).getAttribute('href')).toBe(
      '/app/review',
    );
    const refused = card(HOME_TEXTS.refused);
    expect(within(refused).getByRole('link', { name: '1,203' }).getAttribute('href')).toBe(
      '/app/logs/postbacks?start=2026-11-26&end=2026-11-27',
    );
    expect(within(refused).getByText('Wrong token')).toBeTruthy();
    expect(within(refused).getByRole('link', { name: '1,200' }).getAttribute('href')).toBe(
      '/app/logs/postbacks?result=UNKNOWN_CLICK&start=2026-11-26&end=2026-11-27',
    );
    const writer = card(HOME_TEXTS.clickWriter);
    expect(within(writer).getByText('OK')).toBeTruthy();
    expect(within(writer).getByText('0 clicks waiting')).toBeTruthy();
    expect(
      within(card(HOME_TEXTS.failingWebhooks)).getByRole('link', { name: '1' }).getAttribute('href'),
    ).toBe('/app/settings/webhooks');
    expect(
      within(card(HOME_TEXTS.pendingPayouts)).getByRole('link', { name: '7 · ₱35,000' }).getAttribute('href'),
    ).toBe('/app/stats/payouts');
  });

  it('shows an admin without the earnings permission no payouts and no links it could not open', async () => {
    await open(
      Role.Admin,
      adminHome({
        pendingPayouts: null,
        today: totals('2026-11-27', '2026-11-27'),
        lastWeek: totals('2026-11-20', '2026-11-20'),
        clickWriter: {
          ok: false,
          waiting: 1500,
          reason: 'the click writer is 42 s behind (1,500 clicks waiting)',
        },
      }),
      { permissions: [Permission.ApproveAgents] },
    );
    const today = await screen.findByRole('region', { name: HOME_TEXTS.today });
    expect(within(today).queryByText(HOME_TEXTS.earning)).toBeNull();
    expect(screen.queryByRole('region', { name: HOME_TEXTS.pendingPayouts })).toBeNull();
    expect(within(card(HOME_TEXTS.failingWebhooks)).queryByRole('link')).toBeNull();
    expect(within(card(HOME_TEXTS.heldForReview)).getByRole('link')).toBeTruthy();
    const writer = card(HOME_TEXTS.clickWriter);
    expect(within(writer).getByText('Behind')).toBeTruthy();
    expect(within(writer).getByText('the click writer is 42 s behind (1,500 clicks waiting)')).toBeTruthy();
  });
});

describe('Home money: one request', () => {
  it('loads every role’s figures with one GET home, beside spec 1’s dashboard', async () => {
    const cases: [Role, THome, string][] = [
      [Role.Agent, agentHome, HOME_TEXTS.today],
      [Role.Company, officeHome, HOME_TEXTS.today],
      [Role.Admin, adminHome(), HOME_TEXTS.heldForReview],
      [Role.Superadmin, adminHome(), HOME_TEXTS.heldForReview],
    ];
    for (const [role, home, shown] of cases) {
      calls.length = 0;
      const { unmount } = await open(role, home);
      await screen.findAllByText(shown);
      const money = calls.filter((u) => !u.includes('dashboard') && !u.includes('brand'));
      expect(money, `role ${role}`).toEqual([expect.stringMatching(/\/api\/home$/)]);
      unmount();
    }
  });
});
