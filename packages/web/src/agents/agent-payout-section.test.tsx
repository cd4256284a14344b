import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYOUT_DETAILS_TEXTS as T,
  Permission,
  Role,
  type TMe,
  type TPayoutDetailsView,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { AgentPayoutSection } from './agent-payout-section';

const me = (role: TMe['role'], permissions: string[] = []): TMe => ({
  accountId: 1,
  agentId: null,
  companyId: role === Role.Company ? 1 : null,
  role,
  username: 'viewer',
  permissions,
  officeName: null,
  canDelete: false,
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let view: TPayoutDetailsView;
const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init.method === 'PUT')
    .map(([url, init]) => ({ url, body: JSON.parse(String(init.body)) as unknown }));

beforeEach(() => {
  clearNotes();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const body = init.method === 'PUT' ? { ...view, details: JSON.parse(String(init.body)).details } : view;
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderUi(
    <>
      <AgentPayoutSection id={7} />
      <NotesHost />
    </>,
    { route: '/app/agents/edit/7', query: true },
  );

describe('AgentPayoutSection', () => {
  it('shows an office the method and last 4 only, with no form', async () => {
    view = {
      details: null,
      summary: { method: 'maya', last4: '4567' },
      changedAt: '2026-03-02T15:00:00.000Z',
      heldUntil: null,
    };
    startSession('tok', me(Role.Company));
    render();
    await screen.findByText('Maya ••••4567');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/agents/7/payout');
    expect(screen.queryByRole('button', { name: T.save })).toBeNull();
    expect(screen.queryByLabelText(/^Mobile number/)).toBeNull();
  });

  it('lets an admin who sees earnings read the details whole and correct them', async () => {
    view = {
      details: { method: 'paypal', email: 'ana@example.com' },
      summary: { method: 'paypal', last4: '.com' },
      changedAt: '2026-03-02T15:00:00.000Z',
      heldUntil: null,
    };
    startSession('tok', me(Role.Admin, [Permission.EarningVisible]));
    render();
    const email = await screen.findByLabelText(/^PayPal e-mail/, { selector: 'input' });
    expect(email).toHaveProperty('value', 'ana@example.com');
    fireEvent.change(email, { target: { value: 'ana.cruz@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    await screen.findByText(T.saved);
    expect(puts()).toEqual([
      { url: '/api/agents/7/payout', body: { details: { method: 'paypal', email: 'ana.cruz@example.com' } } },
    ]);
  });

  it('says when an agent has none', async () => {
    view = { details: null, summary: null, changedAt: null, heldUntil: null };
    startSession('tok', me(Role.Admin));
    render();
    await screen.findByText(T.none);
    expect(screen.queryByRole('button', { name: T.save })).toBeNull();
  });
});
