import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { NewsAlertsPage } from './news-alerts-page';

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

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const saves = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init.method === 'POST')
    .map(([, init]) => JSON.parse(String(init.body)));

beforeEach(() => {
  startSession('tok', superadmin);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) => {
    const body =
      init.method === 'POST' ? JSON.parse(String(init.body)) : { enable: false, html: '<p>Kept</p>' };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('NewsAlertsPage', () => {
  it('shows the editor only while the alert is enabled, and saves with the success note', async () => {
    renderUi(
      <>
        <NewsAlertsPage />
        <NotesHost />
      </>,
      { route: '/app/news/alerts', query: true },
    );
    const enable = await screen.findByRole('checkbox', { name: 'Enable alert' });
    expect(screen.queryByText('Alert', { selector: 'label' })).toBeNull();
    fireEvent.click(enable);
    await screen.findByText('Alert', { selector: 'label' });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(saves()).toEqual([{ enable: true, html: '<p>Kept</p>' }]));
    await screen.findByText('Successfully saved');
  });
});
