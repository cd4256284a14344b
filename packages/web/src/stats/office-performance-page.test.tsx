import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OFFICE_STATS_EMPTY,
  REPORT_SCHEDULE_TEXTS,
  Role,
  weeklyHints,
  type TPerformanceRow,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { NotesHost } from '../ui/notes';
import { renderUi, testMe } from '../ui/test-utils';
import { OfficePerformancePage } from './office-performance-page';

const me = (role: Role) => testMe(role);

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
  fetchMock.mockImplementation(async (url, init) => {
    let body: unknown = url.endsWith('stats/periods')
      ? { groupBy: 'company', items: rows, total: rows.length }
      : { name: 'emarket', displayName: 'eMarket', styleClass: '', copyright: '' };
    if (url.endsWith('report-schedules') && init.method === 'PUT')
      body = { id: 1, title: 'Office performance, weekly (monday)', paused: false };
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

describe('Send this report on Office performance', () => {
  const puts = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => url.endsWith('report-schedules') && init.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
  const send = async (role: Role, route: string) => {
    startSession('tok', me(role));
    renderUi(
      <>
        <OfficePerformancePage />
        <NotesHost />
      </>,
      { route, query: true },
    );
    await within(await screen.findByRole('table', { name: 'Office performance' })).findByText('Davao Team');
    fireEvent.click(screen.getByRole('button', { name: REPORT_SCHEDULE_TEXTS.send }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Office performance')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Frequency' }));
    fireEvent.click(screen.getByRole('option', { name: 'Weekly (Monday)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(REPORT_SCHEDULE_TEXTS.saved);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  };

  it('keeps the grouping and the sort, and period 2 as the same period last year', async () => {
    await send(
      Role.Admin,
      '/app/stats/office-performance?groupBy=agent&start1=2026-11-01&end1=2026-11-30&start2=2025-11-01&end2=2025-11-30&sortField=sales1&sortAsc=false',
    );
    expect(puts()).toEqual([
      {
        kind: 'office-performance',
        filters: { groupBy: 'agent', sortField: 'sales1', sortAsc: false, compare: 'lastYear' },
        frequency: 'weekly',
      },
    ]);
  });

  it('compares with the previous period by default (this week against last week)', async () => {
    await send(Role.Company, '/app/stats/office-performance');
    expect(puts()).toEqual([
      {
        kind: 'office-performance',
        filters: { sortField: 'name', sortAsc: true, compare: 'previous' },
        frequency: 'weekly',
      },
    ]);
  });
});
