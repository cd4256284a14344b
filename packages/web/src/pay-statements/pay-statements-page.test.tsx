import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_STATEMENTS_EMPTY, PAYOUT_TEXTS, Role, type TPayStatementRow } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi, testMe } from '../ui/test-utils';
import { PayStatementsPage } from './pay-statements-page';

const me = (role: Role) => testMe(role, { username: 'viewer' });

const row: TPayStatementRow = {
  start: '2026-01-01',
  end: '2026-01-15',
  status: 'closed',
  agentId: 7,
  username: 'agent07',
  agentName: 'Ana Cruz',
  companyId: 1,
  officeName: 'Manila Central',
  total: '-1250.50',
  carriedIn: '0.00',
  payable: '0.00',
  carriedOut: '-1250.50',
  dollars: '4.00',
  paidAt: null,
  payment: null,
  minimumPayout: '0.00',
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let rows: TPayStatementRow[] = [];
const listCalls = () =>
  fetchMock.mock.calls
    .map(([url]) => url)
    .filter((u) => u.includes('pay-statements') && !u.includes('periods'));
const PERIODS = [
  { start: '2026-01-16', end: '2026-01-31', status: 'closed' },
  { start: '2026-01-01', end: '2026-01-15', status: 'paid' },
];

beforeEach(() => {
  rows = [row];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body = url.includes('pay-statements/periods')
      ? PERIODS
      : url.includes('pay-statements')
        ? { items: rows, total: rows.length }
        : url.includes('companies/agents')
          ? [{ id: 7, username: 'agent07', firstName: 'Ana', lastName: 'Cruz', companyId: 1, active: true }]
          : [{ id: 1, officeName: 'Manila Central', active: true }];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route = '/app/stats/pay-statements') =>
  renderUi(<PayStatementsPage />, { route, query: true });

describe('PayStatementsPage', () => {
  it("asks for the address's filters in the query string and links each statement", async () => {
    startSession('tok', me(Role.Admin));
    render('/app/stats/pay-statements?start=2026-01-01&companyId=1&agentId=7&page=2');
    await screen.findByText('agent07 (Ana Cruz)');
    expect(listCalls()[0]).toBe(
      '/api/pay-statements?start=2026-01-01&companyId=1&agentId=7&page=2&pageSize=50',
    );
    expect(screen.getAllByText('-₱1,250.5').length).toBe(2);
    expect(screen.getByText('$4.00')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Office' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View agent07 2026-01-01' }).getAttribute('href')).toBe(
      '/app/stats/pay-statements/2026-01-01/7',
    );
  });

  it('offers the closed periods to choose from, not a free day', async () => {
    startSession('tok', me(Role.Agent));
    render();
    await screen.findByRole('cell', { name: '2026-01-01 - 2026-01-15' });
    const choice = screen.getAllByLabelText(/^Period/).find((el) => el instanceof HTMLInputElement)!;
    fireEvent.click(choice);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['2026-01-16 - 2026-01-31', '2026-01-01 - 2026-01-15']);
  });

  it('shows an agent its statements without office and agent columns or filters', async () => {
    startSession('tok', me(Role.Agent));
    render();
    await screen.findByRole('cell', { name: '2026-01-01 - 2026-01-15' });
    expect(listCalls()[0]).toBe('/api/pay-statements?page=1&pageSize=50');
    expect(screen.queryByRole('columnheader', { name: 'Agent' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Office' })).toBeNull();
    expect(screen.queryAllByLabelText('Agent')).toHaveLength(0);
  });

  it("shows each statement's payment, or why a positive balance below the minimum payout was carried", async () => {
    rows = [
      {
        ...row,
        start: '2026-01-16',
        end: '2026-01-31',
        total: '800.00',
        payable: '800.00',
        carriedOut: '0.00',
        payment: {
          status: 'paid',
          paidOn: '2026-02-03',
          summary: { method: 'gcash', last4: '5678' },
          reference: 'SD-2026-01-16-agent07',
          bankReference: 'BR-99',
        },
      },
      { ...row, total: '300.00', carriedOut: '300.00', minimumPayout: '500.00' },
    ];
    startSession('tok', me(Role.Agent));
    render();
    await screen.findByRole('columnheader', { name: 'Payment' });
    expect(
      await screen.findByText(
        'Paid on 2026-02-03 · GCash ••••5678 · SD-2026-01-16-agent07 · Bank reference BR-99',
      ),
    ).toBeTruthy();
    expect(screen.getByText(PAYOUT_TEXTS.minimumCarried('₱500'))).toBeTruthy();
  });

  it('says so when there is no statement, and hides the form in the print version', async () => {
    rows = [];
    startSession('tok', me(Role.Company));
    render();
    await screen.findByText(PAY_STATEMENTS_EMPTY);
    expect(screen.getByRole('search')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Print version'));
    await waitFor(() => expect(screen.queryByRole('search')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
