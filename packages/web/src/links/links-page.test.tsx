import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { LINK_LENGTH_KEY, truncateLink } from './link-length';
import { LinksPage, SITE_NOT_ENABLED } from './links-page';

const me = (role: Role): TMe => ({
  accountId: 3,
  agentId: role === Role.Agent ? 7 : null,
  companyId: role === Role.Admin ? null : 1,
  role,
  username: 'someone',
  permissions: [],
  officeName: null,
  canDelete: false,
});
const LINK = 'http://localhost:3000/api/links/go/4/11/7';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let listStatus = 200;
const listCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => url.includes('links/list'))
    .map(([, init]) => JSON.parse(String(init.body)));

beforeEach(() => {
  localStorage.clear();
  listStatus = 200;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.includes('links/list'))
      return listStatus === 200
        ? json([{ sitename: 'Dating One', typename: 'Main', link: LINK }])
        : json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    if (url.includes('/api/sites')) return json([{ id: 4, sitename: 'Dating One', status: true }]);
    if (url.includes('companies/agents'))
      return json([
        { id: 7, username: 'agent01', firstName: 'A', lastName: 'B', companyId: 1, active: true },
      ]);
    return json([{ id: 1, officeName: 'Manila Central', active: true }]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const choose = async (label: string, option: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const getLinks = () => screen.getByRole('button', { name: 'Get links' });

describe('LinksPage', () => {
  it("an agent is itself: a site enables 'Get links', which lists the links shortened to 30", async () => {
    startSession('tok', me(Role.Agent));
    renderUi(<LinksPage />, { route: '/app/links/links', query: true });
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
    expect(getLinks().hasAttribute('disabled')).toBe(true);
    await choose('Site', 'Dating One');
    fireEvent.click(getLinks());
    await screen.findByText(truncateLink(LINK, 30));
    expect(listCalls()).toEqual([{ siteId: 4, agentId: 7 }]);
    expect(screen.getByText('Main')).toBeTruthy();
  });

  it('an office needs a site and an agent; the length choice is kept', async () => {
    startSession('tok', me(Role.Company));
    renderUi(<LinksPage />, { route: '/app/links/links', query: true });
    expect(screen.queryByRole('combobox', { name: 'Office' })).toBeNull();
    await choose('Site', 'Dating One');
    expect(getLinks().hasAttribute('disabled')).toBe(true);
    await choose('Agent', 'agent01');
    await waitFor(() => expect(getLinks().hasAttribute('disabled')).toBe(false));
    fireEvent.click(getLinks());
    await screen.findByText(truncateLink(LINK, 30));
    fireEvent.click(screen.getByRole('radio', { name: '15' }));
    await screen.findByText(truncateLink(LINK, 15));
    expect(localStorage.getItem(LINK_LENGTH_KEY)).toBe('15');
    // Another choice clears the links of the previous one.
    fireEvent.click(screen.getByRole('combobox', { name: 'Agent' }));
    fireEvent.click(await screen.findByRole('option', { name: 'agent01' }));
    await waitFor(() => expect(screen.queryByText('Main')).toBeNull());
  });

  it('says so when the agent does not have the site enabled', async () => {
    startSession('tok', me(Role.Agent));
    listStatus = 404;
    renderUi(<LinksPage />, { route: '/app/links/links', query: true });
    await choose('Site', 'Dating One');
    fireEvent.click(getLinks());
    await screen.findByText(SITE_NOT_ENABLED);
  });

  it('shortens only links longer than the chosen length', () => {
    expect(truncateLink('abc', 20)).toBe('abc');
    expect(truncateLink('x'.repeat(21), 20)).toBe(`${'x'.repeat(20)}…`);
  });
});
