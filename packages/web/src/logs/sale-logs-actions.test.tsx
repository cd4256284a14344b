import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Permission, Role, type TSaleLogRow } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { closeDialogs, DialogsHost } from '../ui/dialogs';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { SaleLogsPage } from './sale-logs-page';
import { meAs, saleRow } from './sale-logs.test-data';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let rows: TSaleLogRow[] = [];
let writeAnswer: { status: number; body: unknown } = { status: 200, body: {} };
const calls = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith(`/api/${path}`))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  rows = [
    saleRow({ id: 9, eventType: 0, status: 'approved' }),
    saleRow({ id: 10, eventType: 0, status: 'held', agent: 'agent02' }),
    saleRow({ id: 11, eventType: 3, status: 'approved', payout: '-1200.50', reversesId: 8 }),
    saleRow({ id: 12, eventType: 5, status: 'approved', sitename: '', clickId: null }),
    saleRow({ id: 13, eventType: 0, status: 'reversed' }),
    saleRow({ id: 14, eventType: 1, status: 'rejected' }),
  ];
  writeAnswer = { status: 200, body: { ok: true, reversalId: 30, status: 'reversed' } };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.endsWith('/api/sale-logs'))
      return Response.json({ earningVisible: true, items: { items: rows, total: rows.length } });
    if (url.includes('/api/sales/')) return Response.json(writeAnswer.body, { status: writeAnswer.status });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => {
    closeDialogs();
    clearNotes();
  });
  vi.unstubAllGlobals();
});

function render() {
  renderUi(
    <>
      <SaleLogsPage />
      <DialogsHost />
      <NotesHost />
    </>,
    { route: '/app/logs/sale-logs', query: true },
  );
  return waitFor(() => screen.getByText('agent02', { selector: 'td, td *' }));
}
const menuButton = (kind: string, id: number) =>
  screen.queryByRole('button', { name: `Actions for ${kind} ${id}` });
async function choose(kind: string, id: number, item: string) {
  fireEvent.click(menuButton(kind, id)!);
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog');
}

describe('the sale logs row menu', () => {
  it.each([
    ['an office', meAs(Role.Company, [Permission.EarningVisible])],
    ['an agent', meAs(Role.Agent)],
    ['an admin without the earnings permission', meAs(Role.Admin, [Permission.ApproveAgents])],
  ])('is not offered to %s, nor the adjustment button', async (_, me) => {
    startSession('tok', me);
    await render();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(menuButton('sale', 9)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add adjustment' })).toBeNull();
  });

  it.each([
    ['an admin with the earnings permission', meAs(Role.Admin, [Permission.EarningVisible])],
    ['a superadmin', meAs(Role.Superadmin)],
  ])(
    'offers %s reverse on an approved sale, approve and reject on a held one, nothing on others',
    async (_, me) => {
      startSession('tok', me);
      await render();
      expect(screen.getByRole('link', { name: 'Add adjustment' }).getAttribute('href')).toBe(
        '/app/logs/adjustments/create',
      );
      // Each row's menu is its own dropdown, the one its button controls.
      const items = async (id: number) => {
        const button = menuButton('sale', id)!;
        fireEvent.click(button);
        const menu = await waitFor(() => document.getElementById(button.getAttribute('aria-controls')!)!);
        return within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent);
      };
      expect(await items(9)).toEqual(['Refund', 'Chargeback']);
      expect(await items(10)).toEqual(['Approve', 'Reject']);
      for (const [kind, id] of [
        ['refund', 11],
        ['adjustment', 12],
        ['sale', 13],
        ['bonus', 14],
      ] as const)
        expect(menuButton(kind, id)).toBeNull();
    },
  );

  it('names the sale, refuses an empty reason with the contract message, then refunds and reloads', async () => {
    startSession('tok', meAs(Role.Superadmin));
    await render();
    const dialog = await choose('sale', 9, 'Refund');
    expect(within(dialog).getByText('Refund this sale?')).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-subject').textContent).toBe(
      'Sale 9 · agent01 · Cams · 2024-02-03 (10:30) · click 77 · ₱1,200.5 / $10.00',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Refund' });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: '   ' } });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(calls('sales/9/reverse')).toHaveLength(0);

    const searchesBefore = calls('sale-logs').length;
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Customer refund' } });
    expect(within(dialog).queryByText('Reason is required')).toBeNull();
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('sales/9/reverse')).toEqual([{ kind: 'refund', reason: 'Customer refund' }]);
    expect(await screen.findByText('Sale refunded')).toBeTruthy();
    expect(screen.getByText('A Refund row takes back ₱1,200.5')).toBeTruthy();
    await waitFor(() => expect(calls('sale-logs').length).toBeGreaterThan(searchesBefore));
  });

  it('approves and rejects a held sale through the status call', async () => {
    startSession('tok', meAs(Role.Admin, [Permission.EarningVisible]));
    writeAnswer = { status: 200, body: { ok: true, changed: 1, paidIn: [] } };
    await render();
    let dialog = await choose('sale', 10, 'Reject');
    expect(within(dialog).getByText('Reject this held sale?')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Stolen card' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Sale rejected')).toBeTruthy();
    expect(calls('sales/status')).toEqual([{ ids: [10], status: 'rejected', reason: 'Stolen card' }]);

    writeAnswer = { status: 200, body: { ok: true, changed: 0, paidIn: [] } };
    dialog = await choose('sale', 10, 'Approve');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Checked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The sale is no longer held: nothing changed')).toBeTruthy();
    expect(calls('sales/status').at(-1)).toEqual({ ids: [10], status: 'approved', reason: 'Checked' });
  });

  it('shows a refused reversal as the app shows errors, and no success note', async () => {
    startSession('tok', meAs(Role.Superadmin));
    writeAnswer = {
      status: 409,
      body: { code: 'ALREADY_REVERSED', message: 'The sale is already reversed' },
    };
    await render();
    const dialog = await choose('sale', 9, 'Chargeback');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Bank dispute' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chargeback' }));
    expect(await screen.findByText('The sale is already reversed')).toBeTruthy();
    expect(screen.getByText('Something Went Wrong')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Chargeback recorded')).toBeNull();
    expect(calls('sales/9/reverse')).toEqual([{ kind: 'chargeback', reason: 'Bank dispute' }]);
  });
});
