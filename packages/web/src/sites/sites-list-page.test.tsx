import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, SITE_TEXTS, type TMe, type TSiteRow } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { renderUi } from '../ui/test-utils';
import { SitesListPage } from './sites-list-page';

const me = (role: Role): TMe => ({
  accountId: 1,
  agentId: null,
  companyId: null,
  role,
  username: 'super',
  permissions: [],
  officeName: null,
  canDelete: false,
});
const site = (id: number, status: boolean): TSiteRow => ({
  id,
  sitename: `Site ${id}`,
  type: 'DATING',
  typeCount: 2,
  status,
  hidden: false,
  useApproveSale: false,
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let rows: TSiteRow[] = [];
let statusAnswer = 200;
const statusCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url.includes('sites/status')).map(([, init]) => init.body);
const searches = () => fetchMock.mock.calls.filter(([url]) => url.includes('sites/search'));

beforeEach(() => {
  startSession('tok', me(Role.Superadmin));
  rows = [site(7, true), site(8, false)];
  statusAnswer = 200;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('sites/search'))
      return new Response(JSON.stringify({ items: rows, total: rows.length }), { status: 200 });
    const failed = { code: 'NOT_FOUND', message: 'Not found' };
    return new Response(JSON.stringify(statusAnswer === 200 ? { ok: true } : failed), {
      status: statusAnswer,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderUi(
    <>
      <SitesListPage />
      <DialogsHost />
    </>,
    { route: '/app/sites/sites', query: true },
  );
}

describe('SitesListPage', () => {
  it('lists name, type, link count and status, sorted by site name by default', async () => {
    renderPage();
    await screen.findByText('Site 7');
    for (const header of ['Name', 'Type', 'Link count', 'Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeTruthy();
    expect(screen.getByText('Suspended')).toBeTruthy();
    expect(JSON.parse(searches()[0][1].body as string)).toMatchObject({ page: 1, sortField: 'sitename' });
    expect(screen.getByRole('link', { name: '+ Add Site' })).toBeTruthy();
  });

  it('activate is disabled on an activated site, suspend on a suspended one', async () => {
    renderPage();
    await screen.findByText('Site 7');
    expect(screen.getByRole('button', { name: 'Activate Site 7' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Suspend Site 7' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Suspend Site 8' })).toHaveProperty('disabled', true);
  });

  it('suspending asks with the text about Use CardApprove, Sale, then updates', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Site 7' }));
    await screen.findByText(SITE_TEXTS.suspendConfirm);
    expect(statusCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(statusCalls()).toEqual(['{"ids":[7],"status":false}']));
    await waitFor(() => expect(screen.queryByText(SITE_TEXTS.suspendConfirm)).toBeNull());
  });

  it('a failed update closes the confirmation with no change', async () => {
    statusAnswer = 404;
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Activate Site 8' }));
    await screen.findByText(SITE_TEXTS.activateConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText(SITE_TEXTS.activateConfirm)).toBeNull());
    expect(screen.getByText('Suspended')).toBeTruthy();
    expect(searches()).toHaveLength(1);
  });

  it("shows 'No sites yet' and no actions to an admin", async () => {
    startSession('tok', me(Role.Admin));
    rows = [];
    renderPage();
    await screen.findByText(SITE_TEXTS.empty);
    expect(screen.queryByRole('link', { name: '+ Add Site' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /^Actions/ })).toBeNull();
  });
});
