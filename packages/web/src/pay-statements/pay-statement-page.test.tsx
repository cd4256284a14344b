import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatDateTime,
  PAY_STATEMENT_TEXTS,
  PAYOUT_TEXTS,
  Role,
  type TPayStatement,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi, testMe } from '../ui/test-utils';
import { NOT_FOUND_TEXT } from '../shell/record-gate';
import { PayStatementPage } from './pay-statement-page';

const statement: TPayStatement = {
  start: '2026-01-01',
  end: '2026-01-15',
  status: 'paid',
  agentId: 7,
  username: 'agent07',
  agentName: 'Ana Cruz',
  companyId: 1,
  officeName: 'Manila Central',
  paidAt: '2026-01-20T15:30:00.000Z',
  lines: [
    {
      kind: 'sales',
      site: 'CamStars',
      count: 3,
      payout: '300.00',
      dollars: null,
      note: null,
      internalNote: null,
    },
    {
      kind: 'avp',
      site: null,
      count: 3,
      payout: '45.00',
      dollars: '6.00',
      note: 'Week 2025-12-28 - 2026-01-03: 3 AVP sales at ₱15 and $2.00',
      internalNote: null,
    },
    {
      kind: 'reversals',
      site: 'CamStars',
      count: 1,
      payout: '-100.00',
      dollars: null,
      note: null,
      internalNote: null,
    },
    {
      kind: 'adjustments',
      site: null,
      count: 1,
      payout: '-400.00',
      dollars: null,
      note: 'Adjustment 2026-01-09',
      internalNote: null,
    },
  ],
  total: '-155.00',
  carriedIn: '-20.00',
  payable: '0.00',
  carriedOut: '-175.00',
  dollars: '6.00',
  payment: null,
  minimumPayout: '0.00',
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let answer: { status: number; body: unknown };

beforeEach(() => {
  answer = { status: 200, body: statement };
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify(answer.body), { status: answer.status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok', testMe(Role.Agent, { username: 'agent07' }));
});
afterEach(() => vi.unstubAllGlobals());

const asked = () => fetchMock.mock.calls.map(([url]) => url).filter((u) => u.includes('pay-statements'));

const render = (route: string) =>
  renderUi(
    <Routes>
      <Route path="/app/stats/pay-statements/:start/:agentId" element={<PayStatementPage />} />
    </Routes>,
    { route, query: true },
  );

describe('PayStatementPage', () => {
  it('shows the lines, the total, the balances and why nothing is paid', async () => {
    render('/app/stats/pay-statements/2026-01-01/7');
    await screen.findByText('Refunds and chargebacks');
    expect(asked()).toEqual(['/api/pay-statements/2026-01-01/7']);
    expect(
      screen.getByText(/2026-01-01 - 2026-01-15 · agent07 \(Ana Cruz\) · Manila Central · Paid/),
    ).toBeTruthy();
    expect(screen.getByText('Week 2025-12-28 - 2026-01-03: 3 AVP sales at ₱15 and $2.00')).toBeTruthy();
    expect(screen.getByText('Adjustment 2026-01-09')).toBeTruthy();
    expect(screen.getByText(PAY_STATEMENT_TEXTS.paidOn(formatDateTime(statement.paidAt)))).toBeTruthy();
    // An agent never gets the internal note column.
    expect(screen.queryByRole('columnheader', { name: 'Internal note' })).toBeNull();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    for (const [label, amount] of [
      ['Total', '-₱155'],
      ['Carried in', '-₱20'],
      ['Payable', '₱0'],
      ['Carried out', '-₱175'],
    ]) {
      const cells = screen.getByText(label).closest('tr')!.textContent;
      expect(cells).toContain(amount);
    }
    expect(screen.getByText(PAY_STATEMENT_TEXTS.carriedNote)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Print version'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull());
    expect(screen.queryByText(PAY_STATEMENT_TEXTS.back)).toBeNull();
  });

  it('says how it was paid: the date, the method and last 4, the references; none without a payment', async () => {
    answer = {
      status: 200,
      body: {
        ...statement,
        total: '900.00',
        payable: '880.00',
        carriedOut: '0.00',
        payment: {
          status: 'paid',
          paidOn: '2026-01-22',
          summary: { method: 'bank', last4: '4321' },
          reference: 'SD-2026-01-01-agent07',
          bankReference: 'BDO-7781',
        },
      },
    };
    render('/app/stats/pay-statements/2026-01-01/7');
    await screen.findByText('Refunds and chargebacks');
    expect(
      screen.getByText(
        'Payment: Paid on 2026-01-22 · Bank transfer ••••4321 · SD-2026-01-01-agent07 · Bank reference BDO-7781',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(PAY_STATEMENT_TEXTS.carriedNote)).toBeNull();
    // The printout keeps it.
    fireEvent.click(screen.getByLabelText('Print version'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull());
    expect(screen.getByText(/^Payment: Paid on 2026-01-22/)).toBeTruthy();
  });

  it('says a positive balance below the minimum payout is carried, and pending payments by their status', async () => {
    answer = {
      status: 200,
      body: {
        ...statement,
        total: '120.00',
        carriedIn: '0.00',
        payable: '0.00',
        carriedOut: '120.00',
        minimumPayout: '500.00',
        payment: {
          status: 'held',
          paidOn: null,
          summary: { method: 'paypal', last4: '.com' },
          reference: 'SD-2026-01-01-agent07',
          bankReference: null,
        },
      },
    };
    render('/app/stats/pay-statements/2026-01-01/7');
    await screen.findByText(PAYOUT_TEXTS.minimumCarried('₱500'));
    expect(screen.queryByText(PAY_STATEMENT_TEXTS.carriedNote)).toBeNull();
    expect(
      screen.getByText('Payment: Held: details changed · PayPal ••••.com · SD-2026-01-01-agent07'),
    ).toBeTruthy();
  });

  it('says the statement was not found for a 404 and for a malformed address, which it never asks for', async () => {
    answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    render('/app/stats/pay-statements/2026-01-01/8');
    await screen.findByText(NOT_FOUND_TEXT);
    fetchMock.mockClear();
    render('/app/stats/pay-statements/2026-01-01/0x10');
    expect((await screen.findAllByText(NOT_FOUND_TEXT)).length).toBeGreaterThan(0);
    expect(asked()).toEqual([]);
  });
});
