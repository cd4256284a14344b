import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultWeeklyPeriod,
  PAY_PERIOD_TEXTS,
  Role,
  STATS_EMPTY,
  type TMe,
  type TStatsResult,
  type TStatsRow,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { PayrollAvpPage, PayrollPage, SitesStatsPage } from './report-pages';

const me = (role: Role): TMe => ({
  accountId: 2,
  agentId: role === Role.Agent ? 7 : null,
  companyId: role >= Role.Company ? 1 : null,
  role,
  username: 'someone',
  permissions: role === Role.Superadmin ? ['EARNING_VISIBLE'] : [],
  officeName: null,
  canDelete: false,
});

const figures = {
  raws: 10,
  uniques: 6,
  invalid: 4,
  invalidByReason: null,
  byType: {},
  sales: 3,
  bonusSales: 1,
  bonusRatio: 33.333,
  earn: null,
  bonusEarn: null,
  lpp: null,
  lppPrev: null,
  avpPeriod: null,
  agent_avp_sales_count: null,
  payout: '300.00',
  bonusPayout: '50.00',
  reversals: 0,
  reversalEarn: null,
  reversalPayout: '0.00',
  held: 0,
  heldEarn: null,
  heldPayout: '0.00',
  adjustEarn: null,
  adjustPayout: '0.00',
  payoutPhp: null,
  payoutDollars: null,
};
const row = (over: Partial<TStatsRow>): TStatsRow => ({
  key: 'k',
  date: null,
  officeName: null,
  companyId: null,
  agent: null,
  agentId: null,
  agentFullName: null,
  sitename: null,
  typename: null,
  recordType: null,
  status: null,
  ...figures,
  ...over,
});

let answer: (req: Record<string, unknown>) => Partial<TStatsResult>;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const bodies = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith(path))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

function result(req: Record<string, unknown>, over: Partial<TStatsResult>): TStatsResult {
  return {
    page: { items: [], total: 0 },
    overall: {
      ...figures,
      raws: 20,
      uniques: 12,
      invalid: 8,
      sales: 6,
      earning: null,
      bonusEarning: null,
      lpp_prev: null,
    },
    earningVisible: false,
    payoutVisible: true,
    useApproveSale: false,
    hasBonus: true,
    types: [],
    lppVisible: false,
    groupBy: (req.groupBy as TStatsResult['groupBy']) ?? 'date',
    sortField: 'date',
    sortAsc: false,
    ...over,
  };
}

beforeEach(() => {
  sessionStorage.clear();
  answer = () => ({});
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const req = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    let body: unknown = [];
    if (/stats\/sites(-payout)?(\/avp)?$/.test(url)) body = result(req, answer(req));
    if (url.includes('avp-periods'))
      body = [
        { index: 0, from: 0, to: 9, payoutPhp: '0.00', payoutDollars: '0.00' },
        { index: 1, from: 10, to: 1000, payoutPhp: '50.00', payoutDollars: '1.00' },
      ];
    if (url.includes('stats/site-options?avp=true'))
      body = [
        { id: 3, sitename: 'Lovely Dates', url: 'https://lovely.example.com' },
        { id: 5, sitename: 'Casino Stars', url: 'https://casino.example.com' },
      ];
    if (url.includes('/brand'))
      body = { name: 'emarket', displayName: 'eMarket', styleClass: '', copyright: '', showUniques: true };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Sites Statistics', () => {
  it('loads this week by date, with row numbers, red bonus figures, the totals and the summary', async () => {
    startSession('tok', me(Role.Admin));
    answer = () => ({ page: { items: [row({ key: '2026-01-05', date: '2026-01-05' })], total: 1 } });
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites', query: true });
    const table = await screen.findByRole('table', { name: 'Statistics' });
    await within(table).findByText('2026-01-05');
    const week = defaultWeeklyPeriod();
    expect(bodies('stats/sites')[0]).toEqual({
      groupBy: 'date',
      start: week.start,
      end: week.end,
      page: 1,
      pageSize: 50,
    });
    for (const header of [
      'No',
      'Date',
      'Raws',
      'Uniques',
      'Total Sales',
      'Total Bonus',
      'Bonus Ratio',
      'Payout',
    ])
      expect(within(table).getAllByText(header, { exact: false }).length).toBeGreaterThan(0);
    expect(within(table).getByText('Page Total')).toBeTruthy();
    expect(within(table).getByText('Overall Total')).toBeTruthy();
    expect(within(table).getByText('Unique to Sale Ratio')).toBeTruthy();
    expect(within(table).getByText('1:2')).toBeTruthy();
    expect(within(table).getAllByText('33.33%')[0].style.color).toMatch(/#ff3300|rgb\(255, 51, 0\)/);
    await screen.findByText(
      `Period: ${week.start} - ${week.end} · Site: All · Type: All · Office: All · Agent: All · By date`,
    );
  });

  it('drills from a date to the offices of that day, the sort back to its default', async () => {
    startSession('tok', me(Role.Admin));
    answer = (req) =>
      req.groupBy === 'company'
        ? {
            page: { items: [row({ key: '4', companyId: 4, officeName: 'Cebu' })], total: 1 },
            sortField: 'officeName',
            sortAsc: true,
          }
        : { page: { items: [row({ key: '2026-01-05', date: '2026-01-05' })], total: 1 } };
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites?sortField=raws&sortAsc=true', query: true });
    fireEvent.click(await screen.findByRole('button', { name: '2026-01-05' }));
    await screen.findByRole('button', { name: 'Cebu' });
    expect(bodies('stats/sites').at(-1)).toEqual({
      groupBy: 'company',
      start: '2026-01-05',
      end: '2026-01-05',
      page: 1,
      pageSize: 50,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cebu' }));
    await waitFor(() =>
      expect(bodies('stats/sites').at(-1)).toMatchObject({ groupBy: 'agent', companyId: 4 }),
    );
  });

  it('reads the approve-sale headers and shows the empty text', async () => {
    startSession('tok', me(Role.Agent));
    answer = () => ({ useApproveSale: true });
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites?siteId=3', query: true });
    await screen.findByText(STATS_EMPTY);
    for (const header of ['Total Approved', 'Total Paid sale', 'Convert Ratio'])
      expect(screen.getByText(header, { exact: false })).toBeTruthy();
    expect(screen.queryByText('Office', { selector: 'th *, th' })).toBeNull();
  });
});

describe('the Invalid column', () => {
  const byReason = { BLACKLISTED_IP: 0, INTERNAL: 1, PREVIEW: 0, BOT: 3, HEAD: 0, DATACENTER: 0, REPEAT: 0 };
  const headersOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());

  it("follows Uniques; an admin's figure is a button that opens its invalid clicks by reason", async () => {
    startSession('tok', me(Role.Admin));
    answer = () => ({
      page: {
        items: [row({ key: '2026-01-05', date: '2026-01-05', invalidByReason: byReason })],
        total: 1,
      },
    });
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites', query: true });
    const table = await screen.findByRole('table', { name: 'Statistics' });
    await within(table).findByText('2026-01-05');
    const headers = headersOf(table);
    expect(headers.slice(headers.indexOf('Raws'), headers.indexOf('Raws') + 3)).toEqual([
      'Raws',
      'Uniques',
      'Invalid',
    ]);
    // A real button: the keyboard reaches and opens it.
    const button = within(table).getByRole('button', { name: 'Invalid by reason: 4' });
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    const parts = await screen.findByRole('dialog', { name: /^Invalid by reason/ });
    expect(
      within(parts)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Internal traffic1', 'Bot3']);
    // The total's own parts are not sent here (null): the Overall Total is a plain number.
    expect(within(table).queryByRole('button', { name: /Invalid by reason: 8/ })).toBeNull();
    expect(within(table).getAllByText('8').length).toBeGreaterThan(0);
  });

  it('gives an office the count only', async () => {
    startSession('tok', me(Role.Company));
    // Even a breakdown sent by mistake stays closed to a role that may not see the rules.
    answer = () => ({
      groupBy: 'agent',
      page: {
        items: [row({ key: '1:7', agentId: 7, agent: 'maria', invalidByReason: byReason })],
        total: 1,
      },
    });
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites?groupBy=agent', query: true });
    const table = await screen.findByRole('table', { name: 'Statistics' });
    await within(table).findByText('maria');
    expect(headersOf(table)).toContain('Invalid');
    const cells = [...within(table).getAllByRole('row')[1].querySelectorAll('td')].map(
      (td) => td.textContent,
    );
    expect(cells).toContain('4');
    expect(within(table).queryByRole('button', { name: /by reason/ })).toBeNull();
  });
});

describe('Payroll', () => {
  it("marks a closed pay period's snapshot above the table, and live figures without a mark", async () => {
    startSession('tok', me(Role.Admin));
    answer = (req) => ({ closed: req.start === '2026-03-01' ? { day: '2026-03-16', by: 'boss' } : null });
    renderUi(<PayrollPage />, {
      route: '/app/stats/sites-payout?start=2026-03-01&end=2026-03-15',
      query: true,
    });
    await screen.findByText(PAY_PERIOD_TEXTS.closedOn('2026-03-16', 'boss'));
    renderUi(<PayrollPage />, {
      route: '/app/stats/sites-payout?start=2026-03-02&end=2026-03-15',
      query: true,
    });
    await screen.findAllByRole('table', { name: 'Statistics' });
    expect(screen.getAllByText(/^Closed on/)).toHaveLength(1);
  });

  it('shows reversals, held sales and adjustments beside the net payout, with their sign, on one line each', async () => {
    startSession('tok', me(Role.Admin));
    const money = { reversals: 1, reversalPayout: '-100.00', held: 2, heldPayout: '60.00' };
    answer = () => ({
      groupBy: 'agent',
      page: {
        items: [
          row({ key: '1:7', agentId: 7, agent: 'maria', payout: '-70.00', ...money, adjustPayout: '-20.50' }),
        ],
        total: 1,
      },
    });
    renderUi(<PayrollPage />, { route: '/app/stats/sites-payout?groupBy=agent', query: true });
    const table = await screen.findByRole('table', { name: 'Statistics' });
    await within(table).findByText('maria');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(
      expect.arrayContaining(['Payout', 'Reversals', 'Reversed (₱)', 'Held', 'Held (₱)', 'Adjusted (₱)']),
    );
    // Earnings are the permission's: no dollar columns without it.
    expect(headers.some((h) => h?.includes('($)'))).toBe(false);
    const cells = within(table).getAllByRole('row')[1].querySelectorAll('td');
    const texts = [...cells].map((td) => td.textContent);
    expect(texts).toEqual(expect.arrayContaining(['-₱70', '-₱100', '₱60', '-₱20.5']));
    for (const td of cells) expect(td.className).toMatch(/cell/);
  });

  it('an agent sees its own money rows in detail with their record type and status', async () => {
    startSession('tok', me(Role.Agent));
    answer = () => ({
      groupBy: 'detail',
      page: {
        items: [
          row({
            key: 's9',
            date: '2026-03-08T08:30:00.000Z',
            sitename: 'Lovely Dates',
            typename: 'Main',
            recordType: 3,
            status: 'approved',
            sales: 0,
            bonusSales: 0,
            payout: '-100.00',
            reversals: 1,
            reversalPayout: '-100.00',
          }),
          row({
            key: 's8',
            date: '2026-03-08T05:00:00.000Z',
            recordType: 5,
            status: 'approved',
            sales: 0,
            bonusSales: 0,
            payout: '-20.00',
            adjustPayout: '-20.00',
          }),
          row({
            key: 's7',
            date: '2026-03-07T12:00:00.000Z',
            sitename: 'Lovely Dates',
            typename: 'Main',
            recordType: 0,
            status: 'held',
            sales: 0,
            bonusSales: 0,
            payout: '0.00',
            held: 1,
            heldPayout: '100.00',
          }),
        ],
        total: 3,
      },
    });
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites?groupBy=detail', query: true });
    const table = await screen.findByRole('table', { name: 'Statistics' });
    await within(table).findByText('Refund');
    for (const text of ['Record type', 'Status', 'Adjustment', 'Sale', 'Pending', 'Approved'])
      expect(within(table).getAllByText(text).length).toBeGreaterThan(0);
    // A held sale and held money are pending to an agent, never held (nor why).
    expect(within(table).queryAllByText(/^Held/)).toEqual([]);
  });
});

describe('Payroll AVP', () => {
  it('groups by office by default and shows the Avp Pay Schedule with pesos and dollars', async () => {
    startSession('tok', me(Role.Admin));
    answer = () => ({
      groupBy: 'company',
      page: {
        items: [
          row({ key: '4', companyId: 4, officeName: 'Cebu', payoutPhp: '1200.00', payoutDollars: '24.00' }),
        ],
        total: 1,
      },
    });
    renderUi(<PayrollAvpPage />, { route: '/app/stats/sites-payout-avp', query: true });
    await waitFor(() => expect(screen.getAllByText('₱1,200').length).toBeGreaterThan(0));
    expect(bodies('stats/sites-payout/avp')[0]).toMatchObject({ groupBy: 'company' });
    const box = screen.getByRole('region', { name: 'Avp Pay Schedule' });
    expect(within(box).getByText('10+')).toBeTruthy();
    expect(within(box).getByText('$1.00')).toBeTruthy();
    expect(screen.getAllByText('$24.00').length).toBeGreaterThan(0);
    // With the site filter on All, the criteria line names the AVP sites the report counts.
    await screen.findByText(/· Site: All AVP sites \(Lovely Dates, Casino Stars\) · Type: All ·/);
  });
});
