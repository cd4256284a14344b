import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYOUT_TEXTS,
  Permission,
  Role,
  type TMe,
  type TPayoutBatch,
  type TPayoutLine,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { BatchPage } from './batch-page';
import { LINE_TEXTS } from './line-actions';
import { BATCH_MADE, PayoutsPage } from './payouts-page';
import { UPLOAD_TEXTS } from './result-upload';

const earningAdmin: TMe = {
  accountId: 1,
  agentId: null,
  companyId: null,
  role: Role.Admin,
  username: 'payer',
  permissions: [Permission.EarningVisible],
  officeName: null,
  canDelete: false,
};

const batch = (over: Partial<TPayoutBatch> = {}): TPayoutBatch => ({
  id: 4,
  start: '2026-01-01',
  end: '2026-01-15',
  createdAt: '2026-01-17T15:00:00.000Z',
  createdBy: 'payer',
  lines: 3,
  amount: '12500.00',
  paid: '0.00',
  pending: '11300.00',
  failed: '0.00',
  held: '1200.00',
  withoutDetails: 1,
  files: ['bank', 'gcash'],
  ...over,
});

const line = (over: Partial<TPayoutLine> = {}): TPayoutLine => ({
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
  summary: { method: 'bank', last4: '4321' },
  reference: 'SD-2026-01-01-agent07',
  status: 'pending',
  paidOn: null,
  bankReference: null,
  failReason: null,
  confirmedBy: null,
  ...over,
});

const LINES = [
  line(),
  line({
    id: 32,
    agentId: 8,
    username: 'agent08',
    agentName: 'Ben Reyes',
    amount: '1200.00',
    summary: { method: 'gcash', last4: '5678' },
    reference: 'SD-2026-01-01-agent08',
    status: 'held',
  }),
  line({
    id: 33,
    agentId: 9,
    username: 'agent09',
    agentName: 'Cy Lim',
    amount: '800.00',
    reference: 'SD-2026-01-01-agent09',
    status: 'failed',
    failReason: 'Account closed',
  }),
];
const WITHOUT = [
  line({
    id: 34,
    agentId: 10,
    username: 'agent10',
    agentName: 'Di Tan',
    amount: '1000.00',
    summary: null,
    reference: 'SD-2026-01-01-agent10',
  }),
];

type Reply = { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let override: ((url: string, init: RequestInit) => Reply | undefined) | undefined;
const calls = (part: string, method = 'POST') =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.includes(part) && init.method === method)
    .map(([url, init]) => ({
      url,
      body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));

function answer(url: string, init: RequestInit): Reply {
  const mine = override?.(url, init);
  if (mine) return mine;
  if (url.endsWith('pay-statements/periods'))
    return {
      status: 200,
      body: [
        { start: '2026-02-01', end: '2026-02-15', status: 'closed' },
        { start: '2026-01-16', end: '2026-01-31', status: 'closed' },
        { start: '2026-01-01', end: '2026-01-15', status: 'closed' },
        { start: '2025-12-16', end: '2025-12-31', status: 'paid' },
      ],
    };
  if (url.endsWith('payouts/batches/search')) return { status: 200, body: { items: [batch()], total: 1 } };
  if (url.endsWith('payouts/batches') && init.method === 'POST')
    return { status: 200, body: batch({ id: 5, start: '2026-02-01', end: '2026-02-15' }) };
  if (url.endsWith('payouts/batches/4')) return { status: 200, body: batch() };
  if (url.endsWith('payouts/lines/search')) {
    const body = JSON.parse(String(init.body)) as { withoutDetails?: boolean };
    const items = body.withoutDetails ? WITHOUT : LINES;
    return { status: 200, body: { items, total: items.length } };
  }
  if (/payouts\/lines\/\d+\//.test(url)) return { status: 200, body: LINES[0] };
  if (url.endsWith('/results')) return { status: 200, body: { paid: 2, failed: 1, refused: [] } };
  return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
}

beforeEach(() => {
  override = undefined;
  clearNotes();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const { status, body } = answer(url, init);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok', earningAdmin);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route: string) =>
  renderUi(
    <>
      <Routes>
        <Route path="/app/stats/payouts" element={<PayoutsPage />} />
        <Route path="/app/stats/payouts/:id" element={<BatchPage />} />
      </Routes>
      <DialogsHost />
      <NotesHost />
    </>,
    { route, query: true },
  );

describe('PayoutsPage', () => {
  it('lists the batches with their pesos per status, and links each', async () => {
    render('/app/stats/payouts');
    const table = await screen.findByRole('table', { name: PAYOUT_TEXTS.title });
    await within(table).findByRole('cell', { name: '2026-01-01 - 2026-01-15' });
    expect(calls('payouts/batches/search').map((c) => c.body)).toContainEqual({ page: 1, pageSize: 50 });
    for (const header of [
      'Period',
      'Lines',
      'Amount',
      'Paid',
      'Pending',
      'Failed',
      'Held',
      'Without details',
    ])
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    expect(within(table).getByText('₱12,500')).toBeTruthy();
    expect(within(table).getByText('₱11,300')).toBeTruthy();
    expect(
      within(table).getByRole('link', { name: 'View 2026-01-01 - 2026-01-15' }).getAttribute('href'),
    ).toBe('/app/stats/payouts/4');
  });

  it('offers the closed periods without a batch, makes one and opens it', async () => {
    render('/app/stats/payouts');
    await screen.findByRole('cell', { name: '2026-01-01 - 2026-01-15' });
    const button = screen.getByRole('button', { name: PAYOUT_TEXTS.makeBatch });
    expect(button).toHaveProperty('disabled', true);
    const choice = screen
      .getAllByLabelText(PAYOUT_TEXTS.period)
      .find((el) => el instanceof HTMLInputElement)!;
    fireEvent.click(choice);
    const options = await screen.findAllByRole('option');
    // The batched period and the one marked paid are not offered.
    expect(options.map((o) => o.textContent)).toEqual(['2026-02-01 - 2026-02-15', '2026-01-16 - 2026-01-31']);
    fireEvent.click(options[0]);
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await screen.findByText(BATCH_MADE);
    expect(calls('payouts/batches').filter((c) => c.url.endsWith('batches'))).toEqual([
      { url: '/api/payouts/batches', body: { start: '2026-02-01' } },
    ]);
    // The new batch's page.
    await waitFor(() => expect(calls('payouts/batches/5', 'GET').length).toBe(1));
  });

  it('says so when there is no batch yet', async () => {
    override = (url) =>
      url.endsWith('payouts/batches/search') ? { status: 200, body: { items: [], total: 0 } } : undefined;
    render('/app/stats/payouts');
    await screen.findByText(PAYOUT_TEXTS.noBatches);
  });
});

describe('BatchPage', () => {
  const linesTable = () => screen.findByRole('table', { name: 'Payout batch lines' });

  it('shows the batch, a download per method, its lines with their actions and the agents without details apart', async () => {
    render('/app/stats/payouts/4');
    const table = await linesTable();
    await within(table).findByText('agent07 (Ana Cruz)');
    expect(screen.getByText('2026-01-01 - 2026-01-15')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Bank transfer file' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download GCash file' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download PayPal file' })).toBeNull();
    expect(within(table).getAllByText('Bank transfer ••••4321')).toHaveLength(2);
    expect(within(table).getByText('₱10,300')).toBeTruthy();
    expect(within(table).getByText('Held: details changed')).toBeTruthy();
    expect(within(table).getByText('Failed: Account closed')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Paid agent07' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Failed agent07' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Confirm agent08' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Retry agent09' })).toBeTruthy();
    const bodies = calls('payouts/lines/search').map((c) => c.body);
    expect(bodies).toContainEqual({ batchId: 4, withoutDetails: false, page: 1, pageSize: 50 });
    expect(bodies).toContainEqual({ batchId: 4, withoutDetails: true, page: 1, pageSize: 50 });
    const apart = await screen.findByRole('table', { name: PAYOUT_TEXTS.withoutDetails });
    await within(apart).findByText('agent10 (Di Tan)');
    expect(within(apart).getByText('₱1,000')).toBeTruthy();
    // In no file: a business that pays such an agent outside records it paid; nothing to fail.
    expect(within(apart).getByRole('button', { name: 'Paid agent10' })).toBeTruthy();
    expect(within(apart).queryByRole('button', { name: 'Failed agent10' })).toBeNull();
  });

  it('records a payment with its day and bank reference, checked by the contract', async () => {
    render('/app/stats/payouts/4');
    fireEvent.click(await within(await linesTable()).findByRole('button', { name: 'Paid agent07' }));
    const dialog = await screen.findByRole('dialog', { name: LINE_TEXTS.paidTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: PAYOUT_TEXTS.markPaid }));
    expect(await within(dialog).findByText('Reference is required')).toBeTruthy();
    expect(calls('/paid')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Paid on/ }), {
      target: { value: '2026-01-20' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Bank reference/ }), {
      target: { value: 'BDO-7781' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: PAYOUT_TEXTS.markPaid }));
    await screen.findByText(LINE_TEXTS.done.paid);
    expect(calls('/paid')).toEqual([
      { url: '/api/payouts/lines/31/paid', body: { paidOn: '2026-01-20', reference: 'BDO-7781' } },
    ]);
  });

  it('marks a line failed with a reason, retries a failed one and confirms a held one after asking', async () => {
    render('/app/stats/payouts/4');
    const table = await linesTable();
    fireEvent.click(await within(table).findByRole('button', { name: 'Failed agent07' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: LINE_TEXTS.reason }), {
      target: { value: 'Wrong account name' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: PAYOUT_TEXTS.markFailed }));
    await screen.findByText(LINE_TEXTS.done.failed);
    expect(calls('/failed')).toEqual([
      { url: '/api/payouts/lines/31/failed', body: { reason: 'Wrong account name' } },
    ]);

    fireEvent.click(within(table).getByRole('button', { name: 'Confirm agent08' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PAYOUT_TEXTS.confirmText)).toBeTruthy();
    expect(within(dialog).getByText('agent08 · SD-2026-01-01-agent08')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: PAYOUT_TEXTS.confirm }));
    await screen.findByText(LINE_TEXTS.done.confirm);
    expect(calls('/confirm').map((c) => c.url)).toEqual(['/api/payouts/lines/32/confirm']);

    fireEvent.click(within(table).getByRole('button', { name: 'Retry agent09' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: PAYOUT_TEXTS.retry }));
    await screen.findByText(LINE_TEXTS.done.retry);
    expect(calls('/retry').map((c) => c.url)).toEqual(['/api/payouts/lines/33/retry']);
  });

  it("uploads a result file's text, and lists the lines of a refused one", async () => {
    render('/app/stats/payouts/4');
    await linesTable();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const text = 'reference,status,bank reference\r\nSD-2026-01-01-agent07,paid,BR-1\r\n';
    fireEvent.change(input, { target: { files: [new File([text], 'result.csv', { type: 'text/csv' })] } });
    await screen.findByText(UPLOAD_TEXTS.done);
    expect(screen.getByText('2 lines paid, 1 line failed')).toBeTruthy();
    expect(calls('/results')).toEqual([{ url: '/api/payouts/batches/4/results', body: { csv: text } }]);

    override = (url) =>
      url.endsWith('/results')
        ? {
            status: 400,
            body: {
              code: 'VALIDATION_ERROR',
              message: 'The file was refused: nothing was recorded',
              data: {
                csv: ['Line 2: Unknown reference "SD-x"', 'Line 3: The status must be paid or failed'],
              },
            },
          }
        : undefined;
    fireEvent.change(input, { target: { files: [new File(['x'], 'bad.csv', { type: 'text/csv' })] } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(UPLOAD_TEXTS.refused)).toBeTruthy();
    expect(within(alert).getByText('Line 2: Unknown reference "SD-x"')).toBeTruthy();
    expect(within(alert).getByText('Line 3: The status must be paid or failed')).toBeTruthy();
  });

  it('says a batch that is not there was not found', async () => {
    render('/app/stats/payouts/99');
    await screen.findByText('This record was not found.');
  });
});
