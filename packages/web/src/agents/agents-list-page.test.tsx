import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_TEXTS, Permission, REVIEW_TEXTS, Role, type TAgentRow, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { AgentsListPage } from './agents-list-page';

const office: TMe = {
  accountId: 1,
  agentId: null,
  companyId: 3,
  role: Role.Company,
  username: 'office3',
  permissions: [],
  officeName: 'Davao Team',
  canDelete: false,
};
const agent = (id: number, active: boolean): TAgentRow => ({
  id,
  companyId: 3,
  officeId: 3,
  officeName: 'Davao Team',
  firstName: 'A',
  lastName: 'B',
  username: `agent${id}`,
  plainPassword: 'pw',
  email: '',
  active,
  hidden: false,
  approved: true,
  loginBlocked: false,
  regTime: '2024-01-01T00:00:00Z',
  lastLoginTime: null,
  loginCount: 4,
  sitesCount: 2,
});

type Reply = { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let statusReply: () => Promise<Reply>;
const statusCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url.includes('agents/status')).map(([, init]) => init.body);
const searchCalls = () => fetchMock.mock.calls.filter(([url]) => url.includes('agents/search'));

beforeEach(() => {
  startSession('tok', office);
  clearNotes();
  fetchMock.mockReset();
  statusReply = async () => ({ status: 200, body: { ok: true } });
  fetchMock.mockImplementation(async (url) => {
    const reply = url.includes('agents/status')
      ? await statusReply()
      : { status: 200, body: { items: [agent(7, true), agent(8, true)], total: 2 } };
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(route = '/app/agents') {
  renderUi(
    <>
      <AgentsListPage />
      <DialogsHost />
      <NotesHost />
    </>,
    { route, query: true },
  );
}

const row = (username: string) =>
  within(screen.getByRole('table')).getByText(username).closest('tr') as HTMLElement;

describe('AgentsListPage', () => {
  it('links logins and sites, and filters by the companyId of the address', async () => {
    renderPage('/app/agents?companyId=3');
    await screen.findByText('agent7');
    expect(within(row('agent7')).getByRole('link', { name: '4' }).getAttribute('href')).toBe(
      '/app/logs/login?agentId=7&companyId=3',
    );
    expect(within(row('agent7')).getByRole('link', { name: '2' }).getAttribute('href')).toBe(
      '/app/agents/7/agent7/sites',
    );
    const body = JSON.parse(String(searchCalls()[0][1].body)) as { criteria: unknown[] };
    expect(body.criteria).toEqual([{ field: 'companyId', value: '3', operator: 'EQ' }]);
  });

  it('shows a suspension before the server answers', async () => {
    let answer: (r: Reply) => void = () => {};
    statusReply = () => new Promise((resolve) => (answer = resolve));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend agent7' }));
    await screen.findByText(AGENT_TEXTS.suspendAgent);
    expect(screen.getByTestId('confirm-subject').textContent).toBe('agent7');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(row('agent7')).getByText('Suspended')).toBeTruthy());
    expect(statusCalls()).toEqual(['{"ids":[7],"active":false}']);
    answer({ status: 200, body: { ok: true } });
  });

  it('puts the row back and shows the error note when the server refuses', async () => {
    let answer: (r: Reply) => void = () => {};
    statusReply = () => new Promise((resolve) => (answer = resolve));
    fetchMock.mockImplementation(async (url) => {
      if (url.includes('agents/status')) {
        const r = await statusReply();
        return new Response(JSON.stringify(r.body), { status: r.status });
      }
      return new Response(JSON.stringify({ items: [agent(7, false)], total: 1 }), { status: 200 });
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Activate agent7' }));
    await waitFor(() => expect(within(row('agent7')).getByText('Activated')).toBeTruthy());
    answer({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    await screen.findByText('Something Went Wrong');
    await waitFor(() => expect(within(row('agent7')).getByText('Suspended')).toBeTruthy());
  });

  it('asks before each bulk action', async () => {
    renderPage();
    await screen.findByText('agent7');
    fireEvent.click(screen.getAllByLabelText('Select row')[0]);
    fireEvent.click(screen.getAllByLabelText('Select row')[1]);
    const bar = screen.getByRole('region', { name: 'Selection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Disable login' }));
    await screen.findByText(AGENT_TEXTS.disableLogin);
    expect(screen.getByTestId('confirm-subject').textContent).toBe('agent7, agent8');
    expect(statusCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(statusCalls()).toEqual(['{"ids":[7,8],"loginBlocked":true}']));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull());
  });

  it('offers Suspend for fraud to a reviewer only, and says what it does before it calls', async () => {
    renderPage();
    await screen.findByText('agent7');
    expect(screen.queryByRole('button', { name: 'Suspend for fraud agent7' })).toBeNull();
    cleanup();
    startSession('tok', {
      ...office,
      role: Role.Admin,
      companyId: null,
      permissions: [Permission.ApproveAgents],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend for fraud agent7' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(REVIEW_TEXTS.suspendHeading)).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-body').textContent).toBe(REVIEW_TEXTS.suspendBody);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'ring' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend for fraud' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.includes('review/agents/7/suspend'))).toBe(true),
    );
  });
});
