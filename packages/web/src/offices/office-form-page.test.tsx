import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe, type TOfficeDetail } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { OfficeFormPage } from './office-form-page';

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
const detail: TOfficeDetail = {
  id: 7,
  companyId: 7,
  accountId: 99,
  officeName: 'Office 7',
  manFirstName: 'Ana',
  manLastName: 'Cruz',
  manEmail: '',
  username: 'office7',
  plainPassword: null,
  agentNotes: '',
  preferredDomainId: 1,
  preferredDomain: 'a.example',
  siteIds: [1],
  active: true,
  hidden: false,
  regTime: '2024-01-01T00:00:00Z',
};
const serverErrors = {
  preferredDomainId: ['This domain is hidden'],
  siteIds: ['Unknown site 99'],
  agentNotes: ['Must Read is too long'],
  regionId: ['Region is closed'],
};

beforeEach(() => {
  startSession('tok', superadmin);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (url.endsWith('/api/offices/7') && init.method === 'POST')
        return json(400, { code: 'VALIDATION_ERROR', message: 'Invalid', data: serverErrors });
      if (url.endsWith('/api/offices/7')) return json(200, detail);
      if (url.includes('/api/sites')) return json(200, [{ id: 1, sitename: 'CamStars', status: true }]);
      if (url.includes('preferredDomains')) return json(200, [{ id: 1, domain: 'a.example', hidden: false }]);
      return json(200, {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('OfficeFormPage server errors', () => {
  it('shows every field message the server sends, and an unknown field in the form-level box', async () => {
    renderUi(
      <Routes>
        <Route path="/app/offices/edit/:id" element={<OfficeFormPage />} />
      </Routes>,
      { route: '/app/offices/edit/7', query: true },
    );
    await screen.findByDisplayValue('Office 7');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const [message] of Object.values(serverErrors).slice(0, 3)) await screen.findByText(message);
    const banner = [...screen.getByRole('alert').querySelectorAll('div > div')].map((d) => d.textContent);
    expect(banner).toEqual(expect.arrayContaining(['Invalid', 'Region is closed']));
  });
});

describe('OfficeFormPage for an id that is not there', () => {
  const open = (path: string) =>
    renderUi(
      <Routes>
        <Route path="/app/offices/edit/:id" element={<OfficeFormPage />} />
      </Routes>,
      { route: path, query: true },
    );
  const officeCalls = () =>
    vi
      .mocked(fetch)
      .mock.calls.map(([url]) => String(url))
      .filter((u) => u.includes('/api/offices/'));

  for (const bad of ['abc', '0x10', '1e3', '0', '3000000000'])
    it(`shows the not-found state for edit/${bad} and asks the server nothing`, async () => {
      open(`/app/offices/edit/${bad}`);
      await screen.findByText('This record was not found.');
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(officeCalls()).toEqual([]);
    });

  it('shows the same state when GET offices/{id} answers 404', async () => {
    vi.mocked(fetch).mockImplementation(
      async () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }), { status: 404 }),
    );
    open('/app/offices/edit/99999');
    await screen.findByText('This record was not found.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Offices' }).getAttribute('href')).toBe('/app/offices');
  });
});
