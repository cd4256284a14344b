import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, REPORT_SCHEDULE_TEXTS as T, Role, type TReportSchedule } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi, testMe } from '../ui/test-utils';
import { PAUSED, ReportSchedulesSection } from './schedules-section';

const schedule = (over: Partial<TReportSchedule>): TReportSchedule =>
  ({
    id: 1,
    kind: 'sites',
    title: 'Sites Statistics, daily',
    filters: { groupBy: 'agent', siteId: 3 },
    frequency: 'daily',
    paused: false,
    createdAt: '2026-03-01T12:00:00.000Z',
    lastSentAt: '2026-03-02T12:00:00.000Z',
    ...over,
  }) as TReportSchedule;

let rows: TReportSchedule[];
let total: number;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const calls = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url.includes(path))
    .map(([, init]) => `${init.method} ${String(init.body ?? '')}`);

beforeEach(() => {
  clearNotes();
  rows = [
    schedule({}),
    schedule({
      id: 2,
      title: 'Payroll, weekly (monday)',
      paused: true,
      lastSentAt: null,
      filters: { compare: 'lastYear' },
    }),
  ];
  total = 2;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    let body: unknown = { ok: true };
    if (url.endsWith('report-schedules/search')) body = { items: rows, total };
    if (url.includes('stats/site-options'))
      body = [{ id: 3, sitename: 'Lovely Dates', avp: false, useApproveSale: false }];
    if (url.endsWith('/pause')) body = { ...rows[0], paused: true };
    if (init.method === 'DELETE') rows = rows.filter((r) => !url.endsWith(`/${r.id}`));
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok', testMe(Role.Agent, { username: 'agent07' }));
});
afterEach(() => vi.unstubAllGlobals());

function renderSection() {
  renderUi(
    <>
      <ReportSchedulesSection />
      <DialogsHost />
      <NotesHost />
    </>,
    { query: true },
  );
}
const row = (title: string) =>
  within(screen.getByRole('table', { name: T.title }))
    .getByText(title)
    .closest('tr') as HTMLElement;

describe('Scheduled reports in Profile', () => {
  it('lists the own reports a page at a time, with their filters and last sent time in Eastern', async () => {
    renderSection();
    await screen.findByText('Sites Statistics, daily');
    expect(JSON.parse(fetchMock.mock.calls[0][1].body as string)).toEqual({ page: 1, pageSize: 10 });
    await within(row('Sites Statistics, daily')).findByText('By agent · Site: Lovely Dates');
    expect(
      within(row('Sites Statistics, daily')).getByText(formatDateTime('2026-03-02T12:00:00.000Z')),
    ).toBeTruthy();
    expect(within(row('Sites Statistics, daily')).getByRole('button', { name: T.pause })).toBeTruthy();
    const paused = row('Payroll, weekly (monday)');
    expect(within(paused).getByText(PAUSED)).toBeTruthy();
    expect(within(paused).getByText('Site: All · Compared with: same period last year')).toBeTruthy();
    expect(within(paused).getByRole('button', { name: T.resume })).toBeTruthy();
  });

  it('pauses, and deletes after the question', async () => {
    renderSection();
    await screen.findByText('Sites Statistics, daily');
    fireEvent.click(within(row('Sites Statistics, daily')).getByRole('button', { name: T.pause }));
    await waitFor(() => expect(calls('report-schedules/1/pause')).toEqual(['POST {"paused":true}']));

    fireEvent.click(within(row('Payroll, weekly (monday)')).getByRole('button', { name: T.delete }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(T.deleteConfirm)).toBeTruthy();
    expect(screen.getByTestId('confirm-subject').textContent).toBe('Payroll, weekly (monday)');
    fireEvent.click(within(dialog).getByRole('button', { name: T.delete }));
    await waitFor(() => expect(calls('report-schedules/2')).toEqual(['DELETE ']));
    await waitFor(() => expect(screen.queryByText('Payroll, weekly (monday)')).toBeNull());
  });

  it('lists Top agents and Office performance with their own filters', async () => {
    rows = [
      schedule({
        id: 3,
        kind: 'top-agents',
        title: 'Top agents, weekly (monday)',
        filters: { siteIds: [3, 9], compare: 'previous' },
      }),
      schedule({ id: 4, kind: 'top-agents', title: 'Top agents, daily', filters: {} }),
      schedule({
        id: 5,
        kind: 'office-performance',
        title: 'Office performance, monthly (1st)',
        filters: { groupBy: 'agent', sortField: 'sales1', sortAsc: false, compare: 'lastYear' },
      }),
    ];
    total = 3;
    renderSection();
    await screen.findByText('Top agents, weekly (monday)');
    await within(row('Top agents, weekly (monday)')).findByText(
      'Sites: Lovely Dates, #9 · Compared with: previous period',
    );
    expect(within(row('Top agents, daily')).getByText('Sites: All')).toBeTruthy();
    expect(
      within(row('Office performance, monthly (1st)')).getByText(
        'By agent · Compared with: same period last year',
      ),
    ).toBeTruthy();
  });

  it('says when there is none', async () => {
    rows = [];
    total = 0;
    renderSection();
    await screen.findByText(T.empty);
  });
});
