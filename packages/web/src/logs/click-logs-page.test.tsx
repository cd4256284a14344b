import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickLogsKeptFrom, monthHints, Role, type TClickLogRow, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { ClickLogsPage } from './click-logs-page';

const me = (role: Role): TMe => ({
  accountId: 2,
  agentId: role === Role.Agent ? 5 : null,
  companyId: role === Role.Company || role === Role.Agent ? 1 : null,
  role,
  username: 'someone',
  permissions: [],
  officeName: null,
  canDelete: false,
});

const row: TClickLogRow = {
  id: 9,
  officeName: 'Manila Central',
  agentUsername: 'agent01',
  sitename: 'Cams',
  typename: 'Main',
  url: 'https://cams.example/join',
  clickTime: '2024-01-15T15:04:00.000Z',
  fromIp: '24.1.2.3',
  uniques: 1,
  referer: 'https://fb.example/',
  invalidReason: null,
  invalidDetail: null,
};

const BRANDS = {
  emarket: {
    name: 'emarket',
    displayName: 'eMarket',
    styleClass: '',
    copyright: '',
    showIp: true,
    showUniques: true,
    showReferer: true,
    showLandingPages: true,
    showHowToSell: true,
  },
  salesdesk: {
    name: 'salesdesk',
    displayName: 'Salesdesk',
    styleClass: '',
    copyright: '',
    showIp: false,
    showUniques: false,
    showReferer: false,
    showLandingPages: false,
    showHowToSell: false,
  },
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let rows: TClickLogRow[] = [];
let keptFrom: string | null = null;
let brand = BRANDS.emarket;
const searches = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.includes('click-outs/search'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  rows = [row];
  keptFrom = null;
  brand = BRANDS.emarket;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body = url.includes('click-outs/search')
      ? { items: rows, total: rows.length, keptFrom }
      : url.includes('/brand')
        ? brand
        : url.includes('companies/agents')
          ? [{ id: 5, username: 'agent01', firstName: 'A', lastName: 'B', companyId: 1, active: true }]
          : url.includes('api/sites')
            ? [{ id: 3, sitename: 'Cams', status: true }]
            : [{ id: 1, officeName: 'Manila Central', active: true }];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route = '/app/logs/click-outs') => renderUi(<ClickLogsPage />, { route, query: true });
const headers = () =>
  screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());

describe('ClickLogsPage', () => {
  it('asks for this month, newest first, and shows every column of a brand that shows IPs but the office to an office', async () => {
    startSession('tok', me(Role.Company));
    render();
    await screen.findByText('agent01', { selector: 'td, td *' });
    const month = monthHints()[0];
    expect(searches()[0]).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'clickTime',
      sortAsc: false,
      start: month.start,
      end: month.end,
    });
    await waitFor(() =>
      expect(headers()).toEqual([
        'Agent',
        'Site',
        'Type',
        'Link',
        'Click time',
        'IP from',
        'Uniques',
        'Reason',
        'Referrer',
      ]),
    );
    expect(screen.getByText('2024-01-15 (10:04)')).toBeTruthy();
    expect(screen.getByRole('link', { name: '24.1.2.3' })).toBeTruthy();
    expect(screen.queryAllByLabelText('Office')).toHaveLength(0);
    expect(screen.getAllByLabelText('Agent').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('sends the filters of the address as flat fields; an admin gets the office filter', async () => {
    startSession('tok', me(Role.Admin));
    render(
      '/app/logs/click-outs?companyId=1&agentId=5&siteId=3&ipAddress=24.1&start=2024-01-01&end=2024-01-31',
    );
    await screen.findByText('agent01', { selector: 'td, td *' });
    await waitFor(() =>
      expect(searches().at(-1)).toEqual({
        page: 1,
        pageSize: 50,
        sortField: 'clickTime',
        sortAsc: false,
        companyId: 1,
        agentId: 5,
        siteId: 3,
        ipAddress: '24.1',
        start: '2024-01-01',
        end: '2024-01-31',
      }),
    );
    expect(screen.getAllByLabelText('Office').length).toBeGreaterThan(0);
    await waitFor(() => expect(headers()[0]).toBe('Office'));
  });

  it('an agent has no office or agent filter; a brand without IPs shows six columns and no IP filter', async () => {
    brand = BRANDS.salesdesk;
    startSession('tok', me(Role.Agent));
    render('/app/logs/click-outs?agentId=7&ipAddress=24');
    await screen.findByText('agent01', { selector: 'td, td *' });
    await waitFor(() => expect(headers()).toEqual(['Agent', 'Site', 'Type', 'Link', 'Click time', 'Reason']));
    expect(searches().at(-1)).not.toHaveProperty('agentId');
    expect(searches().at(-1)).not.toHaveProperty('ipAddress');
    expect(screen.queryAllByLabelText('Agent')).toHaveLength(0);
    expect(screen.queryAllByLabelText('IP')).toHaveLength(0);
  });

  it('says nothing of kept raw clicks while every click is kept', async () => {
    startSession('tok', me(Role.Agent));
    render();
    await screen.findByText('agent01', { selector: 'td, td *' });
    expect(screen.queryByText(/Raw clicks are kept/)).toBeNull();
  });

  it('says from which day raw clicks are kept once older months were dropped, rows or none', async () => {
    startSession('tok', me(Role.Company));
    keptFrom = '2026-09-01';
    rows = [];
    render('/app/logs/click-outs?start=2026-01-01&end=2026-01-31');
    expect(await screen.findByText(clickLogsKeptFrom('2026-09-01'))).toBeTruthy();
    expect(
      screen.getByText(
        'Raw clicks are kept from 2026-09-01. Older clicks are counted in the statistics only.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('No logs for selected period')).toBeTruthy();
  });

  it("shows the spec's empty text across the row (9 columns: an office's own office is left out)", async () => {
    startSession('tok', me(Role.Company));
    rows = [];
    render();
    const cell = await screen.findByText('No logs for selected period');
    await waitFor(() => expect(cell.getAttribute('colspan')).toBe('9'));
  });

  it("shows each click's reason, with what a bot matched where the server sends it, and filters by reason", async () => {
    startSession('tok', me(Role.Admin));
    rows = [
      { ...row, id: 1, agentUsername: 'valid01' },
      { ...row, id: 2, invalidReason: 'BOT', invalidDetail: 'google' },
      { ...row, id: 3, invalidReason: 'REPEAT', invalidDetail: null },
    ];
    render('/app/logs/click-outs?reason=invalid&start=2024-01-01&end=2024-01-31');
    await screen.findByText('Bot (google)', { selector: 'td, td *' });
    expect(screen.getByText('Repeat', { selector: 'td, td *' })).toBeTruthy();
    const reasons = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) => {
        const at = headers().indexOf('Reason');
        return tr.querySelectorAll('td')[at]?.textContent;
      });
    expect(reasons).toEqual(['', 'Bot (google)', 'Repeat']);
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ reason: 'invalid' }));
    // The filter offers valid clicks, invalid ones and each reason by its label.
    const select = screen.getByRole('combobox', { name: 'Reason' });
    expect((select as HTMLInputElement).value).toBe('Invalid clicks (any reason)');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Link preview' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ reason: 'PREVIEW' }));
  });
});
