import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFICE_STATS_EMPTY, Role, weeklyHints, type TMe, type TPerformanceRow } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { OfficePerformancePage } from './office-performance-page';

const me = (role: Role): TMe => ({
  accountId: 2,
  agentId: null,
  companyId: role === Role.Company ? 1 : null,
  role,
  username: 'someone',
  permissions: [],
  officeName: null,
  canDelete: false,
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const requests = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith('stats/periods'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
let rows: TPerformanceRow[] = [];

beforeEach(() => {
  rows = [
    { id: 1, name: 'Manila Central', sales1: 6, sales2: 3, progress: 100 },
    { id: 2, name: 'Cebu Sales', sales1: 1, sales2: 3, progress: -66.67 },
    { id: 3, name: 'Davao Team', sales1: 2, sales2: 2, progress: 0 },
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body = url.endsWith('stats/periods')
      ? { groupBy: 'company', items: rows, total: rows.length }
      : { name: 'emarket', displayName: 'eMarket', styleClass: '', copyright: '' };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('OfficePerformancePage', () => {
  it('compares this week with last week by default; progress green above 0, red otherwise', async () => {
    startSession('tok', me(Role.Admin));
    renderUi(<OfficePerformancePage />, { route: '/app/stats/office-performance', query: true });
    const table = await screen.findByRole('table', { name: 'Office performance' });
    await within(table).findByText('Manila Central');
    const [thisWeek, lastWeek] = weeklyHints();
    expect(requests()[0]).toEqual({
      period1: { start: thisWeek.start, end: thisWeek.end },
      period2: { start: lastWeek.start, end: lastWeek.end },
      page: 1,
      pageSize: 50,
      sortField: 'name',
      sortAsc: true,
    });
    const up = within(table).getByText('+100.00%');
    const down = within(table).getByText('-66.67%');
    const flat = within(table).getByText('0%');
    expect(up.getAttribute('style')).toContain('green');
    expect(down.getAttribute('style')).toContain('red');
    expect(flat.getAttribute('style')).toContain('red');
    for (const header of ['Name', 'Sales1', 'Sales2', 'Progress'])
      expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    expect(screen.getAllByLabelText('Group by').length).toBeGreaterThan(0);
  });

  it('sends the periods and grouping of the address; an office user has no grouping choice', async () => {
    rows = [];
    startSession('tok', me(Role.Company));
    renderUi(<OfficePerformancePage />, {
      route:
        '/app/stats/office-performance?start1=2026-10-01&end1=2026-10-31&start2=2026-09-01&end2=2026-09-30&groupBy=agent&sortField=progress&sortAsc=false',
      query: true,
    });
    await screen.findByText(OFFICE_STATS_EMPTY);
    expect(requests()[0]).toEqual({
      period1: { start: '2026-10-01', end: '2026-10-31' },
      period2: { start: '2026-09-01', end: '2026-09-30' },
      groupBy: 'agent',
      page: 1,
      pageSize: 50,
      sortField: 'progress',
      sortAsc: false,
    });
    expect(screen.queryAllByLabelText('Group by')).toHaveLength(0);
  });
});
