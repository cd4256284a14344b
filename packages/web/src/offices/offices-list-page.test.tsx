import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_TEXTS, Role, type TMe, type TOfficeRow } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { renderUi } from '../ui/test-utils';
import { OfficesListPage } from './offices-list-page';

const superadmin: TMe = {
  accountId: 1,
  agentId: null,
  companyId: null,
  role: Role.Superadmin,
  username: 'super',
  permissions: [],
  officeName: null,
  canDelete: true,
};
const office = (companyId: number, active: boolean): TOfficeRow => ({
  id: companyId,
  companyId,
  officeName: `Office ${companyId}`,
  username: `office${companyId}`,
  plainPassword: null,
  preferredDomainId: null,
  preferredDomain: null,
  agentsCount: 0,
  sitesCount: 0,
  active,
  hidden: false,
  regTime: '2024-01-01T00:00:00Z',
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const statusCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url.includes('offices/status')).map(([, init]) => init.body);

beforeEach(() => {
  startSession('tok', superadmin);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body = url.includes('offices/search')
      ? { items: [office(7, false), office(8, false)], total: 2 }
      : { ok: true };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderUi(
    <>
      <OfficesListPage />
      <DialogsHost />
    </>,
    { route: '/app/offices', query: true },
  );
}

describe('OfficesListPage status actions', () => {
  it("a row's Activate changes the office without asking", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Activate Office 7' }));
    await waitFor(() => expect(statusCalls()).toEqual(['{"ids":[7],"active":true}']));
    expect(screen.queryByText(CONFIRM_TEXTS.activateOffices)).toBeNull();
  });

  it("the bar's Activate asks first, even for one selected office", async () => {
    renderPage();
    await screen.findByText('Office 7');
    fireEvent.click(screen.getAllByLabelText('Select row')[0]);
    const bar = screen.getByRole('region', { name: 'Selection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Activate' }));
    await screen.findByText(CONFIRM_TEXTS.activateOffices);
    expect(statusCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(statusCalls()).toEqual(['{"ids":[7],"active":true}']));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull());
  });
});
