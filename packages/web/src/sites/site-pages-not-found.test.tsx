import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { SiteEditPage } from './site-form-page';
import { SiteTypeEditPage } from './link-type-form-page';
import { SiteTypesPage } from './site-types-page';

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

beforeEach(() => {
  startSession('tok', superadmin);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), { status: 404 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = (route: string) =>
  renderUi(
    <Routes>
      <Route path="/app/sites/edit/:id" element={<SiteEditPage />} />
      <Route path="/app/sites/:siteId/types" element={<SiteTypesPage />} />
      <Route path="/app/sites/:siteId/types/edit/:id" element={<SiteTypeEditPage />} />
    </Routes>,
    { route, query: true },
  );

const siteCalls = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([url]) => String(url))
    .filter((u) => /\/api\/(sites|types)\//.test(u));

describe('site pages with a malformed or unknown id', () => {
  for (const route of ['/app/sites/edit/abc', '/app/sites/0x10/types', '/app/sites/1e3/types/edit/2'])
    it(`${route} shows the not-found state and asks the server nothing`, async () => {
      open(route);
      await screen.findByText('This record was not found.');
      expect(siteCalls()).toEqual([]);
    });

  it('a 404 from the server shows the same state', async () => {
    open('/app/sites/edit/99999');
    await screen.findByText('This record was not found.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
