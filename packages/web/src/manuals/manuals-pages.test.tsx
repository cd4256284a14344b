import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeManualText, Role, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { renderUi } from '../ui/test-utils';
import { HowToSellPage } from './how-to-sell-page';
import { SiteManualCreatePage, titleAfterSiteChange } from './site-manual-form-page';
import { SiteManualsPage } from './site-manuals-page';

const me = (role: Role): TMe => ({
  accountId: 1,
  agentId: role === Role.Agent ? 5 : null,
  companyId: role === Role.Agent ? 2 : null,
  role,
  username: 'someone',
  permissions: [],
  officeName: null,
  canDelete: false,
});

const rows = [
  { id: 4, siteId: 1, sitename: 'CamStars', title: 'Cams guide' },
  { id: 9, siteId: 2, sitename: 'DateMatch', title: 'Dating guide' },
];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => url.includes(part));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    let body: unknown = { ok: true };
    if (url.includes('available-sites')) body = [{ id: 3, sitename: 'FlirtZone' }];
    else if (/site-manuals\/\d+$/.test(url) && init.method === 'GET')
      body = {
        ...rows.find((r) => url.endsWith(`/${r.id}`)),
        html: `<p>html of ${url.split('/').at(-1)}</p>`,
      };
    else if (url.includes('site-manuals') && init.method === 'GET') body = { items: rows, total: 2 };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SiteManualsPage', () => {
  it('lists site name and title, and removes a manual only after the confirmation', async () => {
    startSession('tok', me(Role.Superadmin));
    renderUi(
      <>
        <SiteManualsPage />
        <DialogsHost />
      </>,
      { route: '/app/site-manuals', query: true },
    );
    await screen.findByText('Cams guide');
    expect(calls('site-manuals')[0][0]).toContain('sortField=sitename');
    fireEvent.click(screen.getByRole('button', { name: 'Remove DateMatch manual' }));
    await screen.findByText(removeManualText('DateMatch'));
    expect(removeManualText('DateMatch')).toBe('Are your sure to remove "DateMatch" manual?');
    expect(calls('site-manuals/9')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls('site-manuals/9').map(([, init]) => init.method)).toEqual(['DELETE']));
  });
});

describe('SiteManualCreatePage', () => {
  it('offers the sites without a manual', async () => {
    startSession('tok', me(Role.Superadmin));
    renderUi(<SiteManualCreatePage />, { route: '/app/site-manuals/create', query: true });
    await waitFor(() => expect(calls('available-sites')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it("fills the title with the chosen site's name unless the user typed one", () => {
    expect(titleAfterSiteChange('', undefined, 'FlirtZone')).toBe('FlirtZone');
    expect(titleAfterSiteChange('CamStars', 'CamStars', 'FlirtZone')).toBe('FlirtZone');
    expect(titleAfterSiteChange('My own', 'CamStars', 'FlirtZone')).toBe('My own');
  });
});

describe('HowToSellPage', () => {
  it('shows one tab per manual by title, the first selected with its html', async () => {
    startSession('tok', me(Role.Agent));
    renderUi(<HowToSellPage />, { route: '/app/how-to-sell', query: true });
    const first = await screen.findByRole('tab', { name: 'Cams guide' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(calls('site-manuals?')[0][0]).toContain('sortField=title');
    await screen.findByText('html of 4');
    fireEvent.click(screen.getByRole('tab', { name: 'Dating guide' }));
    await screen.findByText('html of 9');
  });

  it("says 'No data yet' when there is no manual to read", async () => {
    startSession('tok', me(Role.Agent));
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ items: [], total: 0 })));
    renderUi(<HowToSellPage />, { route: '/app/how-to-sell', query: true });
    await screen.findByText('No data yet');
  });
});
