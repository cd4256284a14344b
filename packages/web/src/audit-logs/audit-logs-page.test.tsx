import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_LOGS_EMPTY, monthHints, Role, type TAuditLogRow, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { AuditLogsPage } from './audit-logs-page';

const me = (role: TMe['role']): TMe => ({
  accountId: 1,
  agentId: null,
  companyId: null,
  role,
  username: 'super',
  permissions: [],
  officeName: null,
  canDelete: false,
});

const row = (over: Partial<TAuditLogRow> = {}): TAuditLogRow => ({
  id: 9,
  time: '2024-03-02T12:00:00.000Z',
  accountId: 1,
  username: 'super',
  role: Role.Superadmin,
  impersonatedBy: null,
  impersonator: null,
  apiKey: null,
  ip: '198.51.100.7',
  userAgent: 'Mozilla/5.0',
  action: 'POST /api/companies/fees',
  description: 'Changed custom rate Office A, Site Main: Payout ₱100 → ₱125.5',
  targetType: 'custom-rate',
  targetId: '5/3',
  detail: null,
  changes: [
    {
      table: 'office_fees',
      key: '5/3',
      op: 'update',
      title: 'Custom rate 5/3 changed',
      fields: [
        {
          name: 'payout',
          label: 'Payout',
          before: '100.00',
          after: '125.50',
          beforeText: '₱100',
          afterText: '₱125.5',
        },
        { name: 'note', label: 'Note', before: null, after: 'x', beforeText: null, afterText: 'x' },
      ],
    },
  ],
  changeCount: 3,
  ...over,
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let answer: { items: TAuditLogRow[]; total: number };
const searches = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.endsWith('/api/audit-logs'))
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  startSession('tok', me(Role.Superadmin));
  answer = {
    items: [
      row(),
      row({
        id: 8,
        time: '2024-03-01T12:00:00.000Z',
        username: 'agent01',
        role: Role.Agent,
        impersonator: 'admin',
        action: 'POST /api/auth/login-remote',
        description: 'Signed in',
        targetType: 'agent',
        targetId: '12',
        detail: 'signed in',
        changes: [],
        changeCount: 0,
      }),
      row({
        id: 7,
        time: '2024-03-01T11:00:00.000Z',
        username: 'office1',
        role: Role.Company,
        apiKey: 'nightly (sdk_3f9a…)',
        action: 'POST /api/agents/status',
        description: 'Changed agent agent05: Hidden No → Yes',
        targetType: 'agent',
        targetId: '5',
        changes: [],
        changeCount: 1,
      }),
    ],
    total: 3,
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const visibleInput = (label: string) =>
  screen
    .getAllByLabelText(label)
    .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
const render = (route = '/app/logs/audit') => renderUi(<AuditLogsPage />, { route, query: true });
const headers = () =>
  screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
const cell = (text: string) => screen.getByText(text, { selector: 'td, td *' });
const shown = () =>
  vi.waitFor(() => cell('Changed custom rate Office A, Site Main: Payout ₱100 → ₱125.5'), { timeout: 5000 });

describe('AuditLogsPage', () => {
  it('lists this month’s rows newest first, in words, each change as label: before → after', async () => {
    render();
    await shown();
    const month = monthHints()[0];
    expect(searches()[0]).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'time',
      sortAsc: false,
      start: month.start,
      end: month.end,
    });
    expect(headers()).toEqual([
      'Time',
      'User',
      'Role',
      'Remote login by',
      'API key',
      'Action',
      'Changes',
      'IP',
      'Browser',
    ]);
    expect(cell('Custom rate 5/3 changed')).toBeTruthy();
    const payout = cell('Payout').closest('div');
    expect(payout?.textContent).toBe('Payout: ₱100 → ₱125.5');
    expect(cell('Note').closest('div')?.textContent).toBe('Note: ∅ → x');
    expect(cell('and 2 more')).toBeTruthy();
    expect(cell('admin')).toBeTruthy();
    expect(cell('Signed in')).toBeTruthy();
    // A write made with an API key names the key beside the account.
    expect(cell('nightly (sdk_3f9a…)').closest('tr')?.textContent).toContain('office1');
    // The route is for machines: the CSV has it, the screen says what happened.
    expect(screen.queryByText('POST /api/companies/fees')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('sends the filters of the address, the target id as text', async () => {
    render(
      '/app/logs/audit?username=sup&action=fees&targetType=custom-rate&targetId=12&start=2024-03-01&end=2024-03-31',
    );
    await shown();
    expect(searches().at(-1)).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'time',
      sortAsc: false,
      username: 'sup',
      action: 'fees',
      targetType: 'custom-rate',
      targetId: '12',
      start: '2024-03-01',
      end: '2024-03-31',
    });
  });

  it('searches a typed user and an action chosen by its name', async () => {
    render();
    await shown();
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'agent01' } });
    fireEvent.click(visibleInput('Action'));
    fireEvent.click(await screen.findByRole('option', { name: 'Sale approved or rejected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]).toMatchObject({ username: 'agent01', action: 'Sale approved or rejected' });
  });

  it('offers an admin only the targets it may see', async () => {
    startSession('tok', me(Role.Admin));
    render();
    await shown();
    fireEvent.click(visibleInput('Target'));
    expect(await screen.findByRole('option', { name: 'Custom rate' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'System option' })).toBeNull();
    // Its own API keys' rows.
    expect(screen.getByRole('option', { name: 'API key' })).toBeTruthy();
    fireEvent.click(visibleInput('Action'));
    expect(await screen.findByRole('option', { name: 'Adjustment added' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'API key expired' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'API key revoked' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Admin created' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'System options changed' })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    answer = { items: [], total: 0 };
    render();
    expect(await screen.findByText(AUDIT_LOGS_EMPTY)).toBeTruthy();
  });
});
