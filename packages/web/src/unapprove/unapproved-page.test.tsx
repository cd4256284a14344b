import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPROVE_TEXTS, Role, type TMe, type TUnapprovedRow } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { renderUi } from '../ui/test-utils';
import { UnapprovedPage } from './unapproved-page';

const approver: TMe = {
  accountId: 2,
  agentId: null,
  companyId: null,
  role: Role.Admin,
  username: 'admin',
  permissions: ['APPROVE_AGENTS'],
  officeName: null,
  canDelete: false,
};
const row = (id: number): TUnapprovedRow => ({
  id,
  accountId: id + 100,
  username: `agent${id}`,
  companyId: 1,
  officeName: 'Manila Central',
  regTime: '2024-01-01T00:00:00Z',
});

let waiting: TUnapprovedRow[] = [];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const approveCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url.includes('accounts/approve')).map(([, init]) => init.body);
const listCalls = () => fetchMock.mock.calls.filter(([url]) => url.includes('accounts/unapproved?'));

beforeEach(() => {
  startSession('tok', approver);
  waiting = [row(28), row(29)];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (url.includes('accounts/approve')) {
      const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
      waiting = waiting.filter((r) => !ids.includes(r.id));
      return new Response(JSON.stringify({ approved: ids.length }), { status: 200 });
    }
    return new Response(JSON.stringify({ items: waiting, total: waiting.length }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderUi(
    <>
      <UnapprovedPage />
      <DialogsHost />
    </>,
    { route: '/app/unapprove', query: true },
  );
}

describe('UnapprovedPage', () => {
  it('shows the Office and the Unapproved status, newest first by default', async () => {
    renderPage();
    const first = (await screen.findByText('agent28')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Manila Central')).toBeTruthy();
    expect(within(first).getByText('Unapproved')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Office/ })).toBeTruthy();
    expect(listCalls()[0][0]).toContain('sortField=regTime&sortAsc=false');
  });

  it("a row's Approve asks first, then the row leaves the list", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve agent28' }));
    await screen.findByText(APPROVE_TEXTS.one);
    expect(approveCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(approveCalls()).toEqual(['{"ids":[28]}']));
    await waitFor(() => expect(screen.queryByText('agent28')).toBeNull());
  });

  it('the bar approves the selected agents after its own confirmation; then the empty text shows', async () => {
    renderPage();
    await screen.findByText('agent28');
    fireEvent.click(screen.getByLabelText('Select all'));
    const bar = screen.getByRole('region', { name: 'Selection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Approve' }));
    await screen.findByText(APPROVE_TEXTS.selected);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(approveCalls()).toEqual(['{"ids":[28,29]}']));
    await screen.findByText('All agents are approved');
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
  });

  it('Cancel approves nothing', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve agent29' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(APPROVE_TEXTS.one)).toBeNull());
    expect(approveCalls()).toEqual([]);
  });
});
