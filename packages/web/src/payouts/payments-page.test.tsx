import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYOUT_TEXTS, Role, type TPayoutLine } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi, testMe } from '../ui/test-utils';
import { PaymentsPage } from './payments-page';

const me = (role: Role) => testMe(role, { username: 'viewer' });

const paid: TPayoutLine = {
  id: 31,
  batchId: 4,
  start: '2026-01-01',
  end: '2026-01-15',
  agentId: 7,
  username: 'agent07',
  agentName: 'Ana Cruz',
  companyId: 1,
  officeName: 'Manila Central',
  amount: '10300.00',
  carriedIn: '0.00',
  summary: { method: 'maya', last4: '5678' },
  reference: 'SD-2026-01-01-agent07',
  status: 'paid',
  paidOn: '2026-01-20',
  bankReference: 'MAYA-1',
  failReason: null,
  confirmedBy: null,
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let lines: TPayoutLine[] = [];
const searched = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith('payouts/lines/search'))
    .map(([, init]) => JSON.parse(String(init.body)) as unknown);

beforeEach(() => {
  lines = [paid];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body = url.endsWith('payouts/lines/search')
      ? { items: lines, total: lines.length }
      : url.includes('companies/agents')
        ? [{ id: 7, username: 'agent07', firstName: 'Ana', lastName: 'Cruz', companyId: 1, active: true }]
        : [{ id: 1, officeName: 'Manila Central', active: true }];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route = '/app/stats/payments') => renderUi(<PaymentsPage />, { route, query: true });

describe('PaymentsPage', () => {
  it('shows an agent its own payments: period, method, amount, status, paid date and references', async () => {
    startSession('tok', me(Role.Agent));
    render();
    const table = await screen.findByRole('table', { name: PAYOUT_TEXTS.paymentHistory });
    await within(table).findByRole('cell', { name: '2026-01-01 - 2026-01-15' });
    expect(searched()).toEqual([{ page: 1, pageSize: 50 }]);
    for (const text of ['Maya ••••5678', '₱10,300', 'Paid', '2026-01-20', 'MAYA-1'])
      expect(within(table).getByRole('cell', { name: text })).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Agent' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Office' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
  });

  it("sends an admin's office and agent filters from the address as numbers", async () => {
    startSession('tok', me(Role.Admin));
    render('/app/stats/payments?companyId=1&agentId=7&page=2');
    const table = await screen.findByRole('table', { name: PAYOUT_TEXTS.paymentHistory });
    await within(table).findByText('agent07 (Ana Cruz)');
    expect(searched()).toEqual([{ page: 2, pageSize: 50, companyId: 1, agentId: 7 }]);
    expect(within(table).getByRole('columnheader', { name: 'Office' })).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();
  });

  it('says so when there is no payment', async () => {
    lines = [];
    startSession('tok', me(Role.Company));
    render();
    await screen.findByText(PAYOUT_TEXTS.noLines);
  });
});
