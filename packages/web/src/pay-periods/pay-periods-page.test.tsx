import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_PERIOD_TEXTS, Role, type TMe, type TPayPeriod } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { PayPeriodsPage } from './pay-periods-page';

const me = (role: Role, permissions: TMe['permissions'] = []): TMe => ({
  accountId: 2,
  agentId: null,
  companyId: null,
  role,
  username: 'boss',
  permissions,
  officeName: null,
  canDelete: false,
});

const period = (start: string, end: string, over: Partial<TPayPeriod> = {}): TPayPeriod => ({
  start,
  end,
  status: 'open',
  agentsPaid: 3,
  payout: '1234.50',
  avpPayout: '20.75',
  avpPayoutDollars: '0.40',
  closed: null,
  paid: null,
  reopened: null,
  canClose: false,
  ...over,
});

let periods: TPayPeriod[] = [];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const posts = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'POST');

beforeEach(() => {
  periods = [
    period('2026-04-16', '2026-04-30'),
    period('2026-04-01', '2026-04-15', { canClose: true }),
    period('2026-03-16', '2026-03-31', {
      status: 'closed',
      closed: { at: '2026-04-02T13:00:00Z', by: 'boss' },
    }),
    period('2026-03-01', '2026-03-15', {
      status: 'paid',
      closed: { at: '2026-03-17T13:00:00Z', by: 'boss' },
      paid: { at: '2026-03-18T13:00:00Z', by: 'cashier' },
    }),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (init.method === 'POST') {
      const [start, action] = url.split('pay-periods/')[1].split('/');
      const p = periods.find((x) => x.start === start) as TPayPeriod;
      Object.assign(
        p,
        action === 'reopen' ? { status: 'open' } : { status: action === 'close' ? 'closed' : 'paid' },
      );
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    }
    return new Response(JSON.stringify({ items: periods, total: periods.length }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderUi(
    <>
      <PayPeriodsPage />
      <DialogsHost />
      <NotesHost />
    </>,
    { route: '/app/stats/pay-periods', query: true },
  );
}

/** The row whose period (its first cell: a kept name, each dated word whole in its own span) is `label`. */
const rowOf = async (label: string) =>
  (await screen.findByText((_, el) => el?.tagName === 'TD' && el.textContent === label)).closest(
    'tr',
  ) as HTMLElement;

describe('PayPeriodsPage', () => {
  it('shows each period with its status, totals and who closed and paid it', async () => {
    startSession('tok', me(Role.Admin));
    renderPage();
    const paid = await rowOf('2026-03-01 - 2026-03-15');
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('₱1,234.5')).toBeTruthy();
    expect(within(paid).getByText('$0.40')).toBeTruthy();
    expect(within(paid).getByText(/^cashier · /)).toBeTruthy();
    expect(within(paid).getByText('3')).toBeTruthy();
    // An open period has paid nobody yet: no Agents Paid figure.
    const open = await rowOf('2026-04-16 - 2026-04-30');
    expect(within(open).queryByText('3')).toBeNull();
    // An admin without the earnings permission sees the periods but changes nothing.
    expect(screen.queryByRole('button', { name: /^Close / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Mark paid / })).toBeNull();
  });

  it('closes a period that may close after the confirmation', async () => {
    startSession('tok', me(Role.Admin, ['EARNING_VISIBLE']));
    renderPage();
    await rowOf('2026-04-01 - 2026-04-15');
    expect(screen.queryByRole('button', { name: 'Close 2026-04-16 - 2026-04-30' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reopen / })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close 2026-04-01 - 2026-04-15' }));
    await screen.findByText(PAY_PERIOD_TEXTS.closeConfirm({ start: '2026-04-01', end: '2026-04-15' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close period' }));
    await waitFor(() => expect(posts().map(([url]) => url)).toEqual(['/api/pay-periods/2026-04-01/close']));
    await screen.findByText('Pay period closed');
    expect(screen.getByRole('button', { name: 'Mark paid 2026-04-01 - 2026-04-15' })).toBeTruthy();
  });

  it('reopens the latest closed period only with a reason (superadmin)', async () => {
    startSession('tok', me(Role.Superadmin, ['EARNING_VISIBLE', 'APPROVE_AGENTS']));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen 2026-03-16 - 2026-03-31' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await within(dialog).findByText('Reason is required');
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'late chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0][1].body))).toEqual({ reason: 'late chargeback' });
    await screen.findByText('Pay period reopened');
  });

  it('shows the empty text', async () => {
    startSession('tok', me(Role.Admin));
    periods = [];
    renderPage();
    await screen.findByText(PAY_PERIOD_TEXTS.empty);
  });
});
