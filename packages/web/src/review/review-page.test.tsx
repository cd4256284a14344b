import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Permission, REVIEW_TEXTS, Role, type TMe, type TReviewRow } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { ReviewPage } from './review-page';

const reviewer = (permissions: TMe['permissions']): TMe => ({
  accountId: 1,
  agentId: null,
  companyId: null,
  role: Role.Admin,
  username: 'rev',
  permissions,
  officeName: null,
  canDelete: false,
});

const row = (over: Partial<TReviewRow>): TReviewRow => ({
  id: 1,
  date: '2026-03-02T15:00:05.000Z',
  eventType: 0,
  status: 'held',
  rules: ['fastSale'],
  holdUntil: null,
  agentId: 7,
  agent: 'agent07',
  companyId: 3,
  officeName: 'Davao Team',
  siteId: 2,
  sitename: 'DateMatch',
  typename: 'Main',
  customerEmail: 'a@b.c',
  clickId: 99,
  clickToSale: 5,
  payout: '100.00',
  earning: '10.00',
  note: null,
  ...over,
});

type Reply = { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let rows: TReviewRow[];
let write: (url: string) => Reply;
const bodies = (part: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url.includes(part))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  startSession('tok', reviewer([Permission.ApproveAgents]));
  clearNotes();
  fetchMock.mockReset();
  rows = [
    row({ id: 1 }),
    row({ id: 2, rules: [], holdUntil: '2026-03-09T15:00:00.000Z', agent: 'agent08', agentId: 8 }),
    row({ id: 3, status: 'approved', rules: ['repeatEmail', 'selfReferral'], clickToSale: 125 }),
  ];
  write = (url) =>
    url.includes('suspend')
      ? { status: 200, body: { ok: true, rejected: 2, reversed: 0 } }
      : { status: 200, body: { ok: true, changed: 1, paidIn: [] } };
  fetchMock.mockImplementation(async (url) => {
    const reply: Reply = url.includes('review/search')
      ? { status: 200, body: { items: rows, total: rows.length } }
      : url.includes('review/') || url.includes('suspend')
        ? write(url)
        : { status: 200, body: [] };
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(route = '/app/review') {
  renderUi(
    <>
      <ReviewPage />
      <DialogsHost />
      <NotesHost />
    </>,
    { route, query: true },
  );
}
const table = () => screen.getByRole('table', { name: REVIEW_TEXTS.title });
const rowOf = (text: string) => within(table()).getAllByText(text)[0]!.closest('tr') as HTMLElement;
const dialog = () => screen.getByRole('dialog');

describe('ReviewPage', () => {
  it('lists the sales with their rules as labels, the site hold, the click-to-sale time and no earnings without the permission', async () => {
    renderPage();
    await within(await screen.findByRole('table')).findByText('Sale soon after its click');
    expect(
      within(table()).getByText("Repeated customer e-mail, Click from the agent's own address"),
    ).toBeTruthy();
    expect(within(table()).getByText(/^Site hold until/)).toBeTruthy();
    expect(within(table()).getAllByText('5 s')).toHaveLength(2);
    expect(within(table()).getByText('2 min 5 s')).toBeTruthy();
    expect(within(table()).queryByText('Earning ($)')).toBeNull();
    // Approve and Reject only on held rows; Suspend for fraud on each.
    expect(within(table()).getAllByRole('button', { name: /^Approve sale/ })).toHaveLength(2);
    expect(within(table()).getAllByRole('button', { name: /^Suspend for fraud/ })).toHaveLength(3);
    expect(bodies('review/search')[0]).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('shows the empty text', async () => {
    rows = [];
    renderPage();
    expect(await screen.findByText(REVIEW_TEXTS.empty)).toBeTruthy();
  });

  it('sends the filters of the address', async () => {
    renderPage('/app/review?rule=fastSale&status=held&agentId=7&start=2026-03-01&end=2026-03-31');
    await screen.findByText('agent08');
    expect(bodies('review/search').at(-1)).toMatchObject({
      rule: 'fastSale',
      status: 'held',
      agentId: 7,
      start: '2026-03-01',
      end: '2026-03-31',
    });
  });

  it('approves a row only with a reason, then notes it', async () => {
    renderPage();
    await screen.findByText('agent08');
    fireEvent.click(within(rowOf('agent08')).getByRole('button', { name: 'Approve sale 2' }));
    expect(within(dialog()).getByText(REVIEW_TEXTS.approveOne)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog()).findByText('Reason is required')).toBeTruthy();
    expect(bodies('review/status')).toEqual([]);
    fireEvent.change(within(dialog()).getByLabelText(/Reason/), { target: { value: 'customer called' } });
    expect(within(dialog()).getByRole('button', { name: 'Approve' }).dataset.danger).toBeUndefined();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Approve' }));
    await screen.findByText('1 sale approved');
    expect(bodies('review/status')).toEqual([{ ids: [2], status: 'approved', reason: 'customer called' }]);
  });

  it('rejects the selected held rows in one call, leaving out a selected row that is not held', async () => {
    renderPage();
    await screen.findByText('agent08');
    for (const id of [1, 2, 3])
      fireEvent.click(within(table()).getAllByRole('checkbox', { name: 'Select row' })[id - 1]!);
    const bar = screen.getByRole('region', { name: 'Selection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Reject' }));
    expect(within(dialog()).getByText(REVIEW_TEXTS.rejectSelected)).toBeTruthy();
    expect(within(dialog()).getByTestId('confirm-subject').textContent).toBe('Sale 1, Sale 2');
    fireEvent.change(within(dialog()).getByLabelText(/Reason/), { target: { value: 'ring' } });
    expect(within(dialog()).getByRole('button', { name: 'Reject' }).dataset.danger).toBe('true');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Reject' }));
    await screen.findByText('1 sale rejected');
    screen.getByText('1 sale was no longer held');
    expect(bodies('review/status')).toEqual([{ ids: [1, 2], status: 'rejected', reason: 'ring' }]);
  });

  it("suspends a row's agent for fraud after one confirmation saying what it does", async () => {
    renderPage();
    await screen.findByText('agent08');
    fireEvent.click(within(rowOf('agent08')).getByRole('button', { name: 'Suspend for fraud agent08' }));
    expect(within(dialog()).getByText(REVIEW_TEXTS.suspendHeading)).toBeTruthy();
    expect(within(dialog()).getByTestId('confirm-body').textContent).toBe(REVIEW_TEXTS.suspendBody);
    // Charging back is for those who see earnings.
    expect(within(dialog()).queryByRole('checkbox')).toBeNull();
    fireEvent.change(within(dialog()).getByLabelText(/Reason/), { target: { value: 'self-referrals' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Suspend for fraud' }));
    await screen.findByText(REVIEW_TEXTS.suspended(2, 0));
    expect(bodies('review/agents/8/suspend')).toEqual([{ reason: 'self-referrals', reverseApproved: false }]);
  });

  it('offers to charge back the open period to a reviewer who sees earnings', async () => {
    startSession('tok', reviewer([Permission.ApproveAgents, Permission.EarningVisible]));
    renderPage();
    await screen.findByText('agent08');
    expect(within(table()).getByText('Earning ($)')).toBeTruthy();
    fireEvent.click(within(rowOf('agent08')).getByRole('button', { name: 'Suspend for fraud agent08' }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: REVIEW_TEXTS.suspendReverse }));
    fireEvent.change(within(dialog()).getByLabelText(/Reason/), { target: { value: 'ring' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Suspend for fraud' }));
    await waitFor(() =>
      expect(bodies('review/agents/8/suspend')).toEqual([{ reason: 'ring', reverseApproved: true }]),
    );
  });
});
