import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatPeso,
  NO_CHANGE,
  REPORT_SCHEDULE_TEXTS,
  Role,
  type TStatsOverall,
  type TStatsResult,
  type TStatsRow,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi, testMe } from '../ui/test-utils';
import { PayrollAvpPage, SitesStatsPage } from './report-pages';
import { COMPARE_LABEL } from './compare-select';

const me = (role: Role) => testMe(role, { companyId: 1 });

const figures = (sales: number, payout: string) => ({
  raws: 10,
  uniques: 6,
  invalid: 4,
  invalidByReason: null,
  byType: {},
  sales,
  bonusSales: 0,
  bonusRatio: 0,
  earn: null,
  bonusEarn: null,
  lpp: null,
  lppPrev: null,
  avpPeriod: null,
  agent_avp_sales_count: null,
  payout,
  bonusPayout: '0.00',
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
});
const office = (key: string, name: string, sales: number, payout: string): TStatsRow => ({
  key,
  date: null,
  officeName: name,
  companyId: Number(key),
  agent: null,
  agentId: null,
  agentFullName: null,
  sitename: null,
  typename: null,
  recordType: null,
  status: null,
  ...figures(sales, payout),
});
const overall = (sales: number, payout: string): TStatsOverall => ({
  ...figures(sales, payout),
  earning: null,
  bonusEarning: null,
  lpp_prev: null,
});

function result(req: Record<string, unknown>): TStatsResult {
  return {
    page: { items: [office('4', 'Cebu', 3, '300.10'), office('5', 'Davao', 2, '20.00')], total: 2 },
    overall: overall(5, '320.10'),
    earningVisible: false,
    payoutVisible: true,
    useApproveSale: false,
    hasBonus: false,
    types: [],
    lppVisible: false,
    groupBy: 'company',
    sortField: 'officeName',
    sortAsc: true,
    compare: req.compare
      ? {
          start: '2026-01-01',
          end: '2026-01-07',
          overall: overall(4, '200.10'),
          // Davao sold nothing in the other period.
          rows: { '4': office('4', 'Cebu', 4, '200.10') },
        }
      : null,
  };
}

let putStatus = 200;
let showUniques = false;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const bodies = (path: string, method = 'POST') =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.endsWith(path) && init.method === method)
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  sessionStorage.clear();
  clearNotes();
  putStatus = 200;
  showUniques = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const req = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    let body: unknown = [];
    if (/stats\/sites(-payout)?(\/avp)?$/.test(url)) body = result(req);
    if (url.endsWith('report-schedules') && init.method === 'PUT') {
      if (putStatus !== 200)
        return new Response(JSON.stringify({ code: 'CONFLICT', message: REPORT_SCHEDULE_TEXTS.tooMany }), {
          status: putStatus,
        });
      body = { id: 1, kind: 'sites', title: 'Sites Statistics, weekly (monday)', ...req, paused: false };
    }
    if (url.includes('/brand'))
      body = { name: 'emarket', displayName: 'eMarket', styleClass: '', copyright: '', showUniques };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const cellOf = (rowText: string, header: string) => {
  const table = screen.getByRole('table', { name: 'Statistics' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');
  const column = headers.findIndex((h) => h.startsWith(header));
  const row = within(table).getByText(rowText).closest('tr') as HTMLElement;
  // A footer's label spans the kept columns: count the cells' spans.
  let at = 0;
  for (const c of Array.from(row.querySelectorAll<HTMLTableCellElement>('td, th'))) {
    if (at === column) return c;
    at += c.colSpan;
  }
  throw new Error(`no ${header} cell in ${rowText}`);
};

describe('Statistics compare', () => {
  it('asks the comparison of the address and shows the other period under each count and amount', async () => {
    startSession('tok', me(Role.Admin));
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites?groupBy=company&compare=previous', query: true });
    await screen.findByRole('button', { name: 'Cebu' });
    await screen.findByText('Compared with: Previous period (2026-01-01 - 2026-01-07)');
    expect(bodies('stats/sites')[0]).toMatchObject({ groupBy: 'company', compare: 'previous' });

    const payout = cellOf('Cebu', 'Payout');
    expect(payout.querySelector('[data-compare-other]')?.textContent).toBe(formatPeso('200.10'));
    expect(payout.querySelector('[data-compare-change]')?.textContent).toBe('+49.98%');
    expect(cellOf('Cebu', 'Total Sales').querySelector('[data-compare-change]')?.textContent).toBe('-25.00%');
    // A row without figures in the other period: nothing there, no change to say.
    const davao = cellOf('Davao', 'Payout');
    expect(davao.querySelector('[data-compare-other]')?.textContent).toBe(formatPeso('0'));
    expect(davao.querySelector('[data-compare-change]')?.textContent).toBe(NO_CHANGE);
    const total = cellOf('Overall Total', 'Payout');
    expect(total.querySelector('[data-compare-other]')?.textContent).toBe(formatPeso('200.10'));
    expect(total.querySelector('[data-compare-change]')?.textContent).toBe('+59.97%');
    // The same count in both periods.
    expect(cellOf('Cebu', 'Raws').querySelector('[data-compare-change]')?.textContent).toBe('0%');
  });

  it('compares Conv. % and EPC as shown, and says nothing where the other period had no clicks', async () => {
    showUniques = true;
    startSession('tok', me(Role.Admin));
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites?groupBy=company&compare=previous', query: true });
    await screen.findByRole('button', { name: 'Cebu' });
    await screen.findByText(/^Compared with:/);
    const shown = (row: string, header: string) => {
      const cell = cellOf(row, header);
      return [
        cell.querySelector('[data-compare-other]')?.textContent,
        cell.querySelector('[data-compare-change]')?.textContent,
      ];
    };
    // Cebu: 3 sales and ₱300.10 from 6 unique clicks (50.00%, ₱50.02) against 4 and ₱200.10 (66.67%, ₱33.35).
    expect(shown('Cebu', 'Conv. %')).toEqual(['66.67%', '-25.00%']);
    expect(shown('Cebu', 'EPC')).toEqual([formatPeso('33.35'), '+49.99%']);
    // Davao had no clicks in the other period: no ratio there, not 0.
    expect(shown('Davao', 'Conv. %')).toEqual([NO_CHANGE, NO_CHANGE]);
    expect(shown('Davao', 'EPC')).toEqual([NO_CHANGE, NO_CHANGE]);
    // Overall: 5 of 6 (83.33%) against 4 of 6 (66.67%).
    expect(shown('Overall Total', 'Conv. %')).toEqual(['66.67%', '+24.99%']);
  });

  it('chooses the comparison in the form, and drops it for the detail grouping', async () => {
    startSession('tok', me(Role.Admin));
    renderUi(<SitesStatsPage />, { route: '/app/stats/sites?groupBy=company', query: true });
    await screen.findByRole('button', { name: 'Cebu' });
    expect(document.querySelector('[data-compare]')).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: COMPARE_LABEL }));
    fireEvent.click(screen.getByRole('option', { name: 'Same period last year' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load statistics' }));
    await waitFor(() => expect(bodies('stats/sites').at(-1)).toMatchObject({ compare: 'lastYear' }));
    await waitFor(() => expect(document.querySelector('[data-compare]')).not.toBeNull());

    fireEvent.click(screen.getByRole('combobox', { name: 'Group by' }));
    fireEvent.click(screen.getByRole('option', { name: 'Detail' }));
    expect(screen.queryByRole('combobox', { name: COMPARE_LABEL })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load statistics' }));
    await waitFor(() => expect(bodies('stats/sites').at(-1)).toMatchObject({ groupBy: 'detail' }));
    expect(bodies('stats/sites').at(-1)?.compare).toBeUndefined();
  });

  it('offers no comparison on the AVP pages', async () => {
    startSession('tok', me(Role.Admin));
    renderUi(<PayrollAvpPage />, { route: '/app/stats/sites-payout-avp?compare=previous', query: true });
    await screen.findByRole('table', { name: 'Statistics' });
    expect(screen.queryByRole('combobox', { name: COMPARE_LABEL })).toBeNull();
    expect(bodies('stats/sites-payout/avp')[0]?.compare).toBeUndefined();
  });
});

describe('Send this report', () => {
  const open = async (route: string) => {
    startSession('tok', me(Role.Admin));
    renderUi(
      <>
        <SitesStatsPage />
        <NotesHost />
      </>,
      { route, query: true },
    );
    await screen.findByRole('button', { name: 'Cebu' });
    fireEvent.click(screen.getByRole('button', { name: REPORT_SCHEDULE_TEXTS.send }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Frequency' }));
    fireEvent.click(screen.getByRole('option', { name: 'Weekly (Monday)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  };

  it('saves the page filters and the comparison without their dates, with the chosen frequency', async () => {
    await open(
      '/app/stats/sites?groupBy=company&siteId=3&companyId=4&start=2026-01-08&end=2026-01-14&compare=previous&sortField=sales&sortAsc=false',
    );
    await screen.findByText(REPORT_SCHEDULE_TEXTS.saved);
    expect(bodies('report-schedules', 'PUT')).toEqual([
      {
        kind: 'sites',
        filters: {
          groupBy: 'company',
          siteId: 3,
          companyId: 4,
          sortField: 'sales',
          sortAsc: false,
          compare: 'previous',
        },
        frequency: 'weekly',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the refusal in the form', async () => {
    putStatus = 409;
    await open('/app/stats/sites?groupBy=company');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(REPORT_SCHEDULE_TEXTS.tooMany);
    expect(screen.queryByText(REPORT_SCHEDULE_TEXTS.saved)).toBeNull();
  });
});
