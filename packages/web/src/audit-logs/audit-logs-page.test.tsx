import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_LOGS_EMPTY, monthHints, Role, type TAuditLogRow, type TMe } from '@salesdesk/contract';
import { startSession } from '../session/store';
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
  ip: '198.51.100.7',
  userAgent: 'Mozilla/5.0',
  action: 'POST /api/companies/fees',
  targetType: 'custom-rate',
  targetId: '5/3',
  detail: null,
  changes: [
    {
      table: 'office_fees',
      key: '5/3',
      op: 'update',
      fields: [
        { name: 'payout', before: '100.00', after: '125.50' },
        { name: 'note', before: null, after: 'x' },
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
        targetType: 'agent',
        targetId: '12',
        detail: 'signed in',
        changes: [],
        changeCount: 0,
      }),
    ],
    total: 2,
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = (route = '/app/logs/audit') => renderUi(<AuditLogsPage />, { route, query: true });
const headers = () =>
  screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
const cell = (text: string) => screen.getByText(text, { selector: 'td, td *' });
const shown = () => vi.waitFor(() => cell('POST /api/companies/fees'));

describe('AuditLogsPage', () => {
  it('lists this month’s rows newest first, each change as field: before → after', async () => {
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
      'IP',
      'Action',
      'Target',
      'Event',
      'Changes',
      'Browser',
    ]);
    expect(cell('Custom rate #5/3')).toBeTruthy();
    expect(cell('office_fees 5/3 changed')).toBeTruthy();
    const payout = cell('payout').closest('div');
    expect(payout?.textContent).toBe('payout: 100.00 → 125.50');
    expect(cell('note').closest('div')?.textContent).toBe('note: ∅ → x');
    expect(cell('and 2 more')).toBeTruthy();
    expect(cell('admin')).toBeTruthy();
    expect(cell('Agent #12')).toBeTruthy();
    expect(cell('signed in')).toBeTruthy();
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

  it('searches a typed user and action', async () => {
    render();
    await shown();
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'agent01' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'login' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]).toMatchObject({ username: 'agent01', action: 'login' });
  });

  it('offers an admin only the targets it may see', async () => {
    startSession('tok', me(Role.Admin));
    render();
    await shown();
    const target = screen
      .getAllByLabelText('Target')
      .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
    fireEvent.click(target);
    expect(await screen.findByRole('option', { name: 'Custom rate' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'System option' })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    answer = { items: [], total: 0 };
    render();
    expect(await screen.findByText(AUDIT_LOGS_EMPTY)).toBeTruthy();
  });
});
