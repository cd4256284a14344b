import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthHints, POSTBACK_LOGS_EMPTY, Role, type TMe, type TPostbackLogRow } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { getCell, renderUi } from '../ui/test-utils';
import { PostbackLogsPage } from './postback-logs-page';

const admin: TMe = {
  accountId: 2,
  agentId: null,
  companyId: null,
  role: Role.Admin,
  username: 'admin',
  permissions: [],
  officeName: null,
  canDelete: false,
};

const row = (over: Partial<TPostbackLogRow> = {}): TPostbackLogRow => ({
  id: 'sale-501',
  time: '2024-03-02T12:00:00.000Z',
  siteId: 3,
  sitename: 'Cams',
  ip: '198.51.100.7',
  event: 'sale',
  txId: 'tx-1',
  clickId: 77,
  result: 'ACCEPTED',
  saleId: 501,
  count: 1,
  detail: null,
  ...over,
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let answer: { items: TPostbackLogRow[]; total: number };
const searches = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith('/api/postback-logs'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  startSession('tok', admin);
  answer = {
    items: [
      row(),
      row({
        id: 'log-8',
        time: '2024-03-01T12:00:00.000Z',
        ip: '203.0.113.9',
        sitename: null,
        siteId: 4040,
        result: 'WRONG_TOKEN',
        txId: null,
        clickId: null,
        saleId: null,
        count: 1250,
      }),
      row({
        id: 'log-9',
        time: '2024-03-01T11:00:00.000Z',
        result: 'BAD_INPUT',
        sitename: 'Dates',
        siteId: 5,
        ip: '192.0.2.5',
        txId: 'tx-bad',
        clickId: null,
        saleId: null,
        detail: 'clickId: Invalid input',
      }),
    ],
    total: 3,
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body = url.endsWith('/api/postback-logs') ? answer : [{ id: 3, sitename: 'Cams', status: true }];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route = '/app/logs/postbacks') => renderUi(<PostbackLogsPage />, { route, query: true });
const headers = () =>
  screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
const cell = getCell;
const shown = () => vi.waitFor(() => cell('tx-1'));

describe('PostbackLogsPage', () => {
  it('lists this month’s postbacks newest first, with the result’s words and a site that does not exist by its id', async () => {
    render();
    await shown();
    const month = monthHints()[0];
    expect(searches()[0]).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'time',
      sortAsc: false,
      start: month.start,
      end: month.end,
    });
    expect(headers()).toEqual([
      'Time',
      'Site',
      'IP',
      'Event',
      'Tx id',
      'Click id',
      'Result',
      'Sale id',
      'Count',
    ]);
    for (const text of ['2024-03-02 (07:00)', 'Cams', '198.51.100.7', '77', 'Accepted', '501'])
      expect(cell(text)).toBeTruthy();
    expect(cell('#4040')).toBeTruthy();
    expect(cell('Wrong token')).toBeTruthy();
    expect(cell('1,250')).toBeTruthy();
    // A bad input names the field that was wrong.
    expect(cell('Bad input (clickId: Invalid input)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('sends the filters of the address: site and click id as numbers, the txId as text', async () => {
    render(
      '/app/logs/postbacks?siteId=3&result=WRONG_TOKEN&start=2024-03-01&end=2024-03-31&txId=12345&clickId=77',
    );
    await shown();
    expect(searches().at(-1)).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'time',
      sortAsc: false,
      siteId: 3,
      result: 'WRONG_TOKEN',
      start: '2024-03-01',
      end: '2024-03-31',
      txId: '12345',
      clickId: 77,
    });
    expect((screen.getByLabelText('Tx id') as HTMLInputElement).value).toBe('12345');
  });

  it('searches a typed txId; refuses a click id that is not a number', async () => {
    render();
    await shown();
    fireEvent.change(screen.getByLabelText('Tx id'), { target: { value: 'order-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]).toMatchObject({ txId: 'order-9' });
    fireEvent.change(screen.getByLabelText('Click id'), { target: { value: '12a' } });
    expect(screen.getByText('Click id must be a number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(searches()).toHaveLength(2);
  });

  it('says so when nothing matches', async () => {
    answer = { items: [], total: 0 };
    render();
    expect(await screen.findByText(POSTBACK_LOGS_EMPTY)).toBeTruthy();
  });
});
