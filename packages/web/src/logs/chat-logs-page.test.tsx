import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthHints, Role, type TChatLogRow, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { ChatLogsPage } from './chat-logs-page';

const me = (role: Role): TMe => ({
  accountId: 2,
  agentId: role === Role.Agent ? 7 : null,
  companyId: role === Role.Admin ? null : 1,
  role,
  username: 'someone',
  permissions: [],
  officeName: null,
  canDelete: false,
});

const row: TChatLogRow = {
  id: 3,
  officeName: 'Manila Central',
  agentUsername: 'agent01',
  siteId: 4,
  sitename: 'Dating One',
  clientUsername: 'Client Ann',
  conversation: 'Hello\nBye',
  submitTime: '2024-01-15T15:04:00.000Z',
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let rows: TChatLogRow[] = [];
const searches = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.includes('chat-logs/search'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  rows = [row];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('chat-logs/export'))
      return new Response('\uFEFFOffice\r\n', {
        headers: { 'content-disposition': 'attachment; filename="chat-logs-x.csv"' },
      });
    const body = url.includes('chat-logs/search')
      ? { items: rows, total: rows.length }
      : url.includes('/sites')
        ? [{ id: 4, sitename: 'Dating One', status: true }]
        : url.includes('companies/agents')
          ? [{ id: 5, username: 'agent01', firstName: 'A', lastName: 'B', companyId: 1, active: true }]
          : [{ id: 1, officeName: 'Manila Central', active: true }];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route = '/app/logs/chat') => renderUi(<ChatLogsPage />, { route, query: true });

describe('ChatLogsPage', () => {
  it('asks for this month by office name ascending and shows an office five columns, its own office left out', async () => {
    startSession('tok', me(Role.Company));
    render();
    await screen.findByText('Client Ann');
    const month = monthHints()[0];
    expect(searches()[0]).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'officeName',
      sortAsc: true,
      start: month.start,
      end: month.end,
    });
    const headers = screen
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['Agent', 'Site', 'Client Name', 'Conversation', 'Submit Time']);
    expect(screen.getByText('2024-01-15 (10:04)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '+ Add Chat Log' })).toBeNull();
    expect(screen.queryAllByLabelText('Office')).toHaveLength(0);
    expect(screen.getAllByLabelText('Agent').length).toBeGreaterThan(0);
  });

  it('sends the filters of the address; an admin gets the office filter', async () => {
    startSession('tok', me(Role.Admin));
    render(
      '/app/logs/chat?siteId=4&companyId=1&agentId=5&start=2024-01-01&end=2024-01-31&sortField=submitTime',
    );
    await screen.findByText('Client Ann');
    await waitFor(() =>
      expect(searches().at(-1)).toMatchObject({
        siteId: 4,
        companyId: 1,
        agentId: 5,
        start: '2024-01-01',
        end: '2024-01-31',
        sortField: 'submitTime',
      }),
    );
    expect(screen.getAllByLabelText('Office').length).toBeGreaterThan(0);
    expect(screen.getByRole('columnheader', { name: /Office/ })).toBeTruthy();
  });

  it('an agent sees the add button and no office or agent filter; stray filters are not sent', async () => {
    startSession('tok', me(Role.Agent));
    render('/app/logs/chat?agentId=9&companyId=2');
    await screen.findByText('Client Ann');
    const link = screen.getByRole('link', { name: '+ Add Chat Log' });
    expect(link.getAttribute('href')).toBe('/app/chat-logs/create');
    expect(screen.queryAllByLabelText('Agent')).toHaveLength(0);
    expect(searches()[0]).not.toHaveProperty('agentId');
    expect(searches()[0]).not.toHaveProperty('companyId');
  });

  it('exports every log of the current filters, not only the page', async () => {
    startSession('tok', me(Role.Company));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    render('/app/logs/chat?siteId=4&start=2024-01-01&end=2024-01-31&page=3');
    await screen.findByText('Client Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/api/chat-logs/export'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith('/api/chat-logs/export'))!;
    expect(JSON.parse(String(init.body))).toMatchObject({
      siteId: 4,
      start: '2024-01-01',
      end: '2024-01-31',
    });
  });

  it("shows the spec's empty text", async () => {
    startSession('tok', me(Role.Company));
    rows = [];
    render();
    await screen.findByText('No logs for selected period');
  });
});
