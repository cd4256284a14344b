import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultWeeklyPeriod, OFFICE_STATS_EMPTY, REPORT_SCHEDULE_TEXTS, Role } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { NotesHost } from '../ui/notes';
import { renderUi, testMe } from '../ui/test-utils';
import { TopAgentsPage } from './top-agents-page';

const me = (role: Role) => testMe(role);

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const bodies = (path: string, method = 'POST') =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.endsWith(path) && (init.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
let empty = false;

beforeEach(() => {
  empty = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const req = init?.body
      ? (JSON.parse(String(init.body)) as { groupBy: string; compare?: string })
      : undefined;
    const byAgent = req?.groupBy === 'agent';
    const row = byAgent
      ? { office: 'Manila Central', agent: 'agent01', agentName: 'Maria Cruz', sales: 9 }
      : { office: 'Cebu Sales', agent: null, agentName: null, sales: 40 };
    let body: unknown = [{ id: 3, sitename: 'CamStars', status: true }];
    if (url.endsWith('stats/top10')) body = { groupBy: req?.groupBy, items: empty ? [] : [row] };
    if (url.endsWith('stats/top10/computed'))
      body = {
        groupBy: req?.groupBy,
        total: empty ? 0 : 1,
        items: empty ? [] : [{ ...row, no: 1, ...(req?.compare ? { otherSales: 32 } : {}) }],
        ...(req?.compare ? { compare: { start: '2026-08-31', end: '2026-09-30' } } : {}),
      };
    if (url.endsWith('report-schedules') && init.method === 'PUT')
      body = { id: 1, title: 'Top agents, monthly (1st)', ...req, paused: false };
    if (url.includes('/brand'))
      body = { name: 'emarket', displayName: 'eMarket', styleClass: '', copyright: '' };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('TopAgentsPage', () => {
  it('ranks agents of this week by default, the office hidden from an office user', async () => {
    startSession('tok', me(Role.Company));
    renderUi(<TopAgentsPage />, { route: '/app/stats/top-agents', query: true });
    const top = await screen.findByRole('table', { name: 'Top 10 Agents' });
    await within(top).findByText('agent01 (Maria Cruz)');
    const week = defaultWeeklyPeriod();
    expect(bodies('stats/top10')[0]).toEqual({
      start: week.start,
      end: week.end,
      siteIds: [],
      groupBy: 'agent',
    });
    expect(bodies('stats/top10/computed')[0]).toEqual({
      start: week.start,
      end: week.end,
      siteIds: [],
      groupBy: 'agent',
      page: 1,
      pageSize: 50,
    });
    expect(within(top).queryByText('Office')).toBeNull();
    expect(screen.getByRole('table', { name: 'All Agents' })).toBeTruthy();
    await screen.findByText(`Period: ${week.start} - ${week.end} · Sites: All · By agent`);
  });

  it('groups by office above 7 days and sends the sites of the address', async () => {
    startSession('tok', me(Role.Admin));
    renderUi(<TopAgentsPage />, {
      route: '/app/stats/top-agents?start=2026-10-01&end=2026-10-31&siteIds=3,x',
      query: true,
    });
    const top = await screen.findByRole('table', { name: 'Top 10 Offices' });
    await within(top).findByText('Cebu Sales');
    expect(bodies('stats/top10')[0]).toEqual({
      start: '2026-10-01',
      end: '2026-10-31',
      siteIds: [3],
      groupBy: 'company',
    });
    await screen.findByText('Period: 2026-10-01 - 2026-10-31 · Sites: CamStars · By office');
  });

  it("compares the whole ranking with the previous period: each place's sales, the other's and the change", async () => {
    startSession('tok', me(Role.Admin));
    renderUi(<TopAgentsPage />, {
      route: '/app/stats/top-agents?start=2026-10-01&end=2026-10-31&compare=previous',
      query: true,
    });
    await screen.findByText('Compared with: Previous period (2026-08-31 - 2026-09-30)');
    const all = screen.getByRole('table', { name: 'All Offices' });
    const place = within(all).getByText('Cebu Sales').closest('tr') as HTMLElement;
    expect(place.querySelector('[data-compare-other]')?.textContent).toBe('32');
    expect(place.querySelector('[data-compare-change]')?.textContent).toBe('+25.00%');
    expect(bodies('stats/top10/computed')[0]).toMatchObject({ compare: 'previous' });
    // The top 10 is this period's leaderboard only.
    expect(bodies('stats/top10')[0]).not.toHaveProperty('compare');
    const top = screen.getByRole('table', { name: 'Top 10 Offices' });
    expect(top.querySelector('[data-compare]')).toBeNull();
  });

  it("shows 'No statistics for selected period' for an empty period", async () => {
    empty = true;
    startSession('tok', me(Role.Admin));
    renderUi(<TopAgentsPage />, { route: '/app/stats/top-agents', query: true });
    await waitFor(() => expect(screen.getAllByText(OFFICE_STATS_EMPTY)).toHaveLength(2));
  });
});

describe('Send this report on Top agents', () => {
  const send = async (role: Role, route: string, frequency: string) => {
    startSession('tok', me(role));
    renderUi(
      <>
        <TopAgentsPage />
        <NotesHost />
      </>,
      { route, query: true },
    );
    await screen.findByRole('table', { name: /^Top 10/ });
    fireEvent.click(screen.getByRole('button', { name: REPORT_SCHEDULE_TEXTS.send }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Top agents')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Frequency' }));
    fireEvent.click(screen.getByRole('option', { name: frequency }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(REPORT_SCHEDULE_TEXTS.saved);
  };

  it('keeps the sites and the comparison of the page, not its dates', async () => {
    await send(
      Role.Admin,
      '/app/stats/top-agents?start=2026-10-01&end=2026-10-31&siteIds=3,x,3&compare=lastYear',
      'Monthly (1st)',
    );
    expect(bodies('report-schedules', 'PUT')).toEqual([
      { kind: 'top-agents', filters: { siteIds: [3], compare: 'lastYear' }, frequency: 'monthly' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("sends an office's every-site ranking without filters", async () => {
    await send(Role.Company, '/app/stats/top-agents', 'Daily');
    expect(bodies('report-schedules', 'PUT')).toEqual([
      { kind: 'top-agents', filters: {}, frequency: 'daily' },
    ]);
  });
});
