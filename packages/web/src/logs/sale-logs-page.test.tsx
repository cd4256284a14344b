import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthHints, Role, SALE_LOG_REFRESH_MS } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { getCell, renderUi } from '../ui/test-utils';
import { SaleLogsPage } from './sale-logs-page';
import { meAs, saleRow } from './sale-logs.test-data';

const me = (role: Role) => meAs(role);
const row = saleRow;

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let answer = { earningVisible: true, items: { items: [row()], total: 1 } };
const searches = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith('/api/sale-logs'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  answer = { earningVisible: true, items: { items: [row()], total: 1 } };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body = url.endsWith('/api/sale-logs')
      ? answer
      : url.includes('companies/agents')
        ? [{ id: 5, username: 'agent01', firstName: 'A', lastName: 'B', companyId: 1, active: true }]
        : url.includes('api/sites')
          ? [{ id: 3, sitename: 'Cams', status: true }]
          : [{ id: 1, officeName: 'Manila Central', active: true }];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = (route = '/app/logs/sale-logs') => renderUi(<SaleLogsPage />, { route, query: true });
const headers = () =>
  screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
const inputLabelled = (label: string) =>
  screen
    .getAllByLabelText(label)
    .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
/** Polls on real timeouts: vi.waitFor would move the faked interval clock while it waits. */
async function until(check: () => unknown) {
  for (let i = 0; i < 200; i++) {
    try {
      check();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  check();
}
const shown = () => vi.waitFor(() => screen.getByText('agent01', { selector: 'td, td *' }));

describe('SaleLogsPage', () => {
  it('shows earnings and referers to the superadmin, in dollars and pesos', async () => {
    startSession('tok', me(Role.Superadmin));
    render();
    await shown();
    const month = monthHints()[0];
    expect(searches()[0]).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'date',
      sortAsc: false,
      start: month.start,
      end: month.end,
    });
    expect(headers()).toEqual([
      'Date',
      'Email',
      'Office',
      'Agent',
      'Site',
      'Link',
      'Earning ($)',
      'Payout (₱)',
      'Click id',
      'Record type',
      'Status',
      'Note',
      'Referer',
      'Actions',
    ]);
    for (const text of [
      '2024-02-03 (10:30)',
      '$10.00',
      '₱1,200.5',
      '77',
      'Bonus',
      'Approved',
      'https://ads.example/',
    ])
      expect(getCell(text)).toBeTruthy();
  });

  it('leaves the earning column out when the answer says earnings are not visible, the referer and the office for an office', async () => {
    answer = { earningVisible: false, items: { items: [row({ earning: null, referer: null })], total: 1 } };
    startSession('tok', me(Role.Company));
    render();
    await shown();
    await vi.waitFor(() =>
      expect(headers()).toEqual([
        'Date',
        'Email',
        'Agent',
        'Site',
        'Link',
        'Payout (₱)',
        'Click id',
        'Record type',
        'Status',
      ]),
    );
  });

  it('a raw site or agent id in the address overrides and disables its dropdown', async () => {
    startSession('tok', me(Role.Admin));
    render('/app/logs/sale-logs?rawSiteId=3&rawAgentId=5&siteId=4&recordType=0&clickId=77&email=a%40b.c');
    await shown();
    expect(searches().at(-1)).toMatchObject({
      siteId: 3,
      agentId: 5,
      recordType: '0',
      clickId: 77,
      email: 'a@b.c',
    });
    const site = inputLabelled('Site');
    const agent = inputLabelled('Agent');
    expect(site.disabled).toBe(true);
    expect(agent.disabled).toBe(true);
    await vi.waitFor(() => expect(site.value).toBe('Cams'));
  });

  it('sends the status and record type of the address and offers every status and record type', async () => {
    startSession('tok', me(Role.Admin));
    render('/app/logs/sale-logs?status=held&recordType=3');
    await shown();
    expect(searches().at(-1)).toMatchObject({ status: 'held', recordType: '3' });
    expect(inputLabelled('Status').value).toBe('Held');
    expect(inputLabelled('Record type').value).toBe('Refund');
    const options = async (label: string) => {
      fireEvent.click(inputLabelled(label));
      const list = await screen.findByRole('listbox');
      const texts = Array.from(list.querySelectorAll('[role="option"]')).map((o) => o.textContent);
      fireEvent.keyDown(inputLabelled(label), { key: 'Escape' });
      return texts;
    };
    expect(await options('Record type')).toEqual(['Sale', 'Bonus', 'Refund', 'Chargeback', 'Adjustment']);
    await vi.waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(await options('Status')).toEqual(['Approved', 'Held', 'Rejected', 'Reversed']);
  });

  it('choosing a status puts it in the address and the search', async () => {
    startSession('tok', me(Role.Company));
    render();
    await shown();
    fireEvent.click(inputLabelled('Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(searches().at(-1)).toMatchObject({ status: 'rejected' }));
  });

  it('shows an office a held sale as Pending, in the table and the status filter', async () => {
    answer = {
      earningVisible: false,
      items: { items: [row({ id: 14, eventType: 0, status: 'held', agent: 'agent07' })], total: 1 },
    };
    startSession('tok', me(Role.Company));
    render('/app/logs/sale-logs?status=held');
    await vi.waitFor(() => screen.getByText('agent07', { selector: 'td, td *' }));
    expect(screen.getAllByText('Pending', { selector: 'td, td *' })).toHaveLength(1);
    expect(screen.queryAllByText('Held', { selector: 'td, td *' })).toHaveLength(0);
    expect(inputLabelled('Status').value).toBe('Pending');
    expect(searches().at(-1)).toMatchObject({ status: 'held' });
  });

  it('shows reversal and adjustment rows by type, with their amounts negative and an admin the note', async () => {
    answer = {
      earningVisible: true,
      items: {
        items: [
          row({ id: 11, eventType: 3, payout: '-1200.50', earning: '-10.00', reversesId: 9 }),
          row({ id: 12, eventType: 4, agent: 'agent02', payout: '-5', earning: '-0.50' }),
          row({
            id: 13,
            eventType: 5,
            sitename: '',
            typename: '',
            clickId: null,
            payout: '-25',
            earning: '0',
            note: 'Goodwill',
          }),
          row({ id: 9, eventType: 0, status: 'reversed' }),
          row({ id: 14, eventType: 0, status: 'held' }),
          row({ id: 15, eventType: 0, status: 'rejected' }),
        ],
        total: 6,
      },
    };
    startSession('tok', me(Role.Admin));
    render();
    await vi.waitFor(() => screen.getByText('agent02', { selector: 'td, td *' }));
    const cells = (text: string) => screen.getAllByText(text, { selector: 'td, td *' }).length;
    for (const text of ['Refund', 'Chargeback', 'Adjustment', 'Reversed', 'Held', 'Rejected'])
      expect(cells(text)).toBeGreaterThan(0);
    for (const text of ['-₱1,200.5', '-$10.00', '-₱5', '-$0.50', '-₱25', 'Goodwill'])
      expect(cells(text)).toBe(1);
  });

  it('refuses a click id that is not a number', async () => {
    startSession('tok', me(Role.Company));
    render();
    await shown();
    fireEvent.change(screen.getByLabelText('Click id'), { target: { value: '12a' } });
    expect(screen.getByText('Click id must be a number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(searches()).toHaveLength(1);
  });

  it('reloads every 60 s after a search; a new search restarts the timer and leaving stops it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    startSession('tok', me(Role.Company));
    const view = render();
    await until(() => screen.getByText('agent01', { selector: 'td, td *' }));
    expect(searches()).toHaveLength(1);
    vi.advanceTimersByTime(SALE_LOG_REFRESH_MS - 1);
    expect(searches()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await until(() => expect(searches()).toHaveLength(2));

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'x@y.z' } });
    vi.advanceTimersByTime(SALE_LOG_REFRESH_MS / 2);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await until(() => expect(searches()).toHaveLength(3));
    expect(searches()[2]).toMatchObject({ email: 'x@y.z' });
    // Let the answer land: a reload asked while a load is under way joins it.
    await new Promise((r) => setTimeout(r, 100));
    vi.advanceTimersByTime(SALE_LOG_REFRESH_MS / 2);
    expect(searches()).toHaveLength(3);
    vi.advanceTimersByTime(SALE_LOG_REFRESH_MS / 2);
    await until(() => expect(searches()).toHaveLength(4));
    expect(searches()[3]).toMatchObject({ email: 'x@y.z' });

    view.unmount();
    vi.advanceTimersByTime(SALE_LOG_REFRESH_MS * 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(searches()).toHaveLength(4);
  });
});
