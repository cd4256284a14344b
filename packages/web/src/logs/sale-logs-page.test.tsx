import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthHints, Role, SALE_LOG_REFRESH_MS, type TMe, type TSaleLogRow } from '@salesdesk/contract';
import { startSession } from '../session/store';
import { renderUi } from '../ui/test-utils';
import { SaleLogsPage } from './sale-logs-page';

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

const row = (over: Partial<TSaleLogRow> = {}): TSaleLogRow => ({
  id: 9,
  date: '2024-02-03T15:30:00.000Z',
  customerEmail: 'buyer@example.com',
  officeName: 'Manila Central',
  agent: 'agent01',
  sitename: 'Cams',
  typename: 'Main',
  earning: '10.00',
  payout: '1200.50',
  clickId: 77,
  eventType: 1,
  referer: 'https://ads.example/',
  ...over,
});

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
      'Referer',
    ]);
    for (const text of ['2024-02-03 (10:30)', '$10.00', '₱1,200.5', '77', 'Bonus', 'https://ads.example/'])
      expect(screen.getByText(text, { selector: 'td, td *' })).toBeTruthy();
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
