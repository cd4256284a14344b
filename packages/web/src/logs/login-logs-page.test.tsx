import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATE_RANGE_INVALID, monthHints, Role, type TLoginLogRow, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { LoginLogsPage } from './login-logs-page';

const me = (role: Role): TMe => ({
  accountId: 2,
  agentId: null,
  companyId: role === Role.Company ? 1 : null,
  role,
  username: role === Role.Company ? 'office1' : 'admin',
  permissions: [],
  officeName: null,
  canDelete: false,
});

const row: TLoginLogRow = {
  id: 9,
  username: 'agent01',
  ip: '24.1.2.3',
  inTime: '2024-01-15T15:04:00.000Z',
  outTime: null,
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let rows: TLoginLogRow[] = [];
const searches = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.includes('login-logs/search'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  rows = [row];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body = url.includes('login-logs/search')
      ? { items: rows, total: rows.length }
      : url.includes('/brand')
        ? { name: 'emarket', displayName: 'eMarket', styleClass: '', copyright: '', showIp: true }
        : url.includes('companies/agents')
          ? [{ id: 5, username: 'agent01', firstName: 'A', lastName: 'B', companyId: 1, active: true }]
          : [{ id: 1, officeName: 'Manila Central', active: true }];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route = '/app/logs/login') => renderUi(<LoginLogsPage />, { route, query: true });

describe('LoginLogsPage', () => {
  it('asks for this month, newest first, and shows the rows in Eastern time', async () => {
    startSession('tok', me(Role.Company));
    render();
    await screen.findByText('agent01', { selector: 'td, td *' });
    const month = monthHints()[0];
    expect(searches()[0]).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'inTime',
      sortAsc: false,
      start: month.start,
      end: month.end,
    });
    expect(screen.getByText('2024-01-15 (10:04)')).toBeTruthy();
    expect(screen.getByRole('link', { name: '24.1.2.3' }).getAttribute('href')).toContain('24.1.2.3');
    expect(screen.queryAllByLabelText('Office')).toHaveLength(0);
    expect(screen.getAllByLabelText('Agent').length).toBeGreaterThan(0);
  });

  it('sends the filters of the address as flat fields; an admin gets the office filter', async () => {
    startSession('tok', me(Role.Admin));
    render('/app/logs/login?companyId=1&agentId=5&ipAddress=24.1&start=2024-01-01&end=2024-01-31&page=2');
    await screen.findByText('agent01', { selector: 'td, td *' });
    await waitFor(() =>
      expect(searches().at(-1)).toEqual({
        page: 2,
        pageSize: 50,
        sortField: 'inTime',
        sortAsc: false,
        companyId: 1,
        agentId: 5,
        ipAddress: '24.1',
        start: '2024-01-01',
        end: '2024-01-31',
      }),
    );
    expect(screen.getAllByLabelText('Office').length).toBeGreaterThan(0);
  });

  it("shows the spec's empty text", async () => {
    startSession('tok', me(Role.Company));
    rows = [];
    render();
    await screen.findByText('No logs for selected period');
  });

  it('takes typed dates; a range that is not valid says so and disables Search', async () => {
    startSession('tok', me(Role.Company));
    render('/app/logs/login?start=2024-01-01&end=2024-01-31');
    await screen.findByText('agent01', { selector: 'td, td *' });
    const search = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    const end = screen.getByRole('textbox', { name: 'End' });
    fireEvent.input(end, { target: { value: '2023-12-31' } });
    expect(screen.getByText(DATE_RANGE_INVALID)).toBeTruthy();
    expect(search.disabled).toBe(true);
    fireEvent.input(end, { target: { value: '2024-02-3x' } });
    expect(search.disabled).toBe(true);
    fireEvent.input(end, { target: { value: '2024-02-15' } });
    expect(screen.queryByText(DATE_RANGE_INVALID)).toBeNull();
    fireEvent.click(search);
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ start: '2024-01-01', end: '2024-02-15' }));
  });
});
