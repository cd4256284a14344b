import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_KEY_RATE_DEFAULT,
  API_KEY_TEXTS,
  Permission,
  Role,
  type TApiKeyCreated,
  type TApiKeyRow,
  type TMe,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { ProfileApiKeyCreatePage, SettingsApiKeyCreatePage } from './api-key-create-page';
import { expiryOf } from './api-key-form';
import { ProfileApiKeysPage, SettingsApiKeysPage } from './api-keys-page';

const me = (role: TMe['role'], permissions: string[] = []): TMe => ({
  accountId: 1,
  agentId: null,
  companyId: role === Role.Company ? 3 : null,
  role,
  username: 'owner',
  permissions,
  officeName: null,
  canDelete: false,
});

const row = (over: Partial<TApiKeyRow> = {}): TApiKeyRow => ({
  id: 7,
  name: 'nightly',
  prefix: 'sdk_3f9a',
  scopes: ['stats:read', 'sales:read'],
  allowedIps: [],
  rateLimit: 600,
  createdAt: '2026-03-02T15:00:00.000Z',
  createdBy: 'owner',
  expiresAt: null,
  lastUsedAt: '2026-03-03T16:30:00.000Z',
  lastUsedIp: '203.0.113.9',
  revokedAt: null,
  ...over,
});

type Reply = { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let reply: (url: string, init: RequestInit) => Reply;
let keys: TApiKeyRow[];
let twoFactor = false;
const calls = (part: string, method?: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.includes(part) && (!method || init.method === method))
    .map(([url, init]) => ({ url, init }));
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

const KEY = `sdk_${'a1B2'.repeat(10)}`;
const created: TApiKeyCreated = {
  ...row({ id: 8, name: 'reports', lastUsedAt: null, lastUsedIp: null }),
  key: KEY,
};

beforeEach(() => {
  startSession('tok', me(Role.Company));
  clearNotes();
  twoFactor = false;
  keys = [row(), row({ id: 6, name: 'old', prefix: 'sdk_77aa', revokedAt: '2026-03-04T10:00:00.000Z' })];
  fetchMock.mockReset();
  reply = (url, init) => {
    if (url.includes('api-keys/search')) return { status: 200, body: { items: keys, total: keys.length } };
    if (url.includes('auth/two-factor'))
      return { status: 200, body: { enabled: twoFactor, required: false, recoveryCodesLeft: 10 } };
    if (url.endsWith('/api/api-keys') && init.method === 'PUT') return { status: 200, body: created };
    return { status: 200, body: { ok: true } };
  };
  fetchMock.mockImplementation(async (url, init) => {
    const r = reply(url, init);
    return new Response(JSON.stringify(r.body), { status: r.status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const hosts = (
  <>
    <DialogsHost />
    <NotesHost />
  </>
);
const headers = () =>
  screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());

describe('the API keys list', () => {
  it('shows each key by its name and first characters, with its scopes, use and expiry, newest first', async () => {
    renderUi(
      <>
        <ProfileApiKeysPage />
        {hosts}
      </>,
      { route: '/app/profile/api-keys', query: true },
    );
    const name = await screen.findByText('nightly');
    expect(bodyOf(calls('api-keys/search')[0].init)).toMatchObject({
      sortField: 'createdAt',
      sortAsc: false,
    });
    expect(headers()).toEqual(
      expect.arrayContaining([
        'Name',
        'Key',
        'Scopes',
        'Created',
        'Created by',
        'Last used',
        'Last used from',
        'Expires',
        'Status',
        'Actions',
      ]),
    );
    const tr = name.closest('tr')!;
    expect(within(tr).getByText('sdk_3f9a…')).toBeTruthy();
    expect(tr.textContent).toContain('stats:read, sales:read');
    expect(tr.textContent).toContain('2026-03-03 (11:30)');
    expect(tr.textContent).toContain('203.0.113.9');
    expect(tr.textContent).toContain('Active');
    // A revoked key says so and offers no Revoke.
    const old = screen.getByText('old').closest('tr')!;
    expect(old.textContent).toContain('Revoked');
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.getByRole('link', { name: API_KEY_TEXTS.add }).getAttribute('href')).toBe(
      '/app/profile/api-keys/create',
    );
  });

  it('revokes a key only after asking, naming it', async () => {
    renderUi(
      <>
        <SettingsApiKeysPage />
        {hosts}
      </>,
      { route: '/app/settings/api-keys', query: true },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke nightly' }));
    expect(await screen.findByText(API_KEY_TEXTS.revokeQuestion)).toBeTruthy();
    expect(screen.getByTestId('confirm-subject').textContent).toBe('nightly (sdk_3f9a…)');
    expect(calls('api-keys/7', 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls('api-keys/7', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText(API_KEY_TEXTS.revoked)).toBeTruthy();
  });

  it('says so when there is no key', async () => {
    keys = [];
    renderUi(<SettingsApiKeysPage />, { route: '/app/settings/api-keys', query: true });
    expect(await screen.findByText(API_KEY_TEXTS.empty)).toBeTruthy();
  });
});

const renderForm = (place: 'settings' | 'profile') =>
  renderUi(
    <>
      <Routes>
        <Route
          path="/app/settings/api-keys/create"
          element={place === 'settings' ? <SettingsApiKeyCreatePage /> : null}
        />
        <Route
          path="/app/profile/api-keys/create"
          element={place === 'profile' ? <ProfileApiKeyCreatePage /> : null}
        />
        <Route path="/app/settings/api-keys" element={<p>the settings list</p>} />
        <Route path="/app/profile/api-keys" element={<p>the profile list</p>} />
      </Routes>
      {hosts}
    </>,
    { route: `/app/${place}/api-keys/create`, query: true },
  );

const scopeBoxes = () =>
  screen
    .getAllByRole('checkbox')
    .map((c) => (c as HTMLInputElement).value)
    .filter(Boolean);

describe('the New API Key form', () => {
  it('offers an office the scopes it holds, sends the contract body and shows the key once with Copy', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderForm('profile');
    await screen.findByLabelText(/Name/);
    expect(scopeBoxes()).not.toContain('sales:write');
    expect(scopeBoxes()).toContain('stats:read');
    // An office reads its agents' payments; paying them is the payers' (admins who see earnings).
    expect(scopeBoxes()).toContain('payouts:read');
    expect(scopeBoxes()).not.toContain('payouts:write');
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'reports' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^stats:read/ }));
    fireEvent.change(screen.getByLabelText(/Allowed IP addresses/), {
      target: { value: '203.0.113.7\n10.0.0.0/8' },
    });
    fireEvent.change(screen.getByLabelText(/Current Password/), { target: { value: 'demo1234' } });
    // No code field without two-factor sign-in.
    expect(screen.queryByLabelText(/Code or recovery code/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    await waitFor(() => expect(calls('/api/api-keys', 'PUT')).toHaveLength(1));
    expect(bodyOf(calls('/api/api-keys', 'PUT')[0].init)).toEqual({
      name: 'reports',
      scopes: ['stats:read'],
      expiresAt: null,
      allowedIps: ['203.0.113.7', '10.0.0.0/8'],
      rateLimit: API_KEY_RATE_DEFAULT,
      currentPassword: 'demo1234',
    });
    // Shown once, with the warning and a Copy button; Done leads to the list.
    expect(await screen.findByText(API_KEY_TEXTS.shownOnce)).toBeTruthy();
    expect(screen.getByTestId('api-key-value').textContent).toBe(KEY);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('the profile list')).toBeTruthy();
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it('offers sales:write to an admin who sees earnings, and takes an expiry day and a rate limit', async () => {
    startSession('tok', me(Role.Admin, [Permission.EarningVisible]));
    renderForm('settings');
    await screen.findByLabelText(/Name/);
    expect(scopeBoxes()).toContain('sales:write');
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'payouts' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^sales:write/ }));
    fireEvent.input(screen.getByLabelText(/Expires/), { target: { value: '2099-01-01' } });
    fireEvent.change(screen.getByLabelText(/Rate limit/), { target: { value: '1200' } });
    fireEvent.change(screen.getByLabelText(/Current Password/), { target: { value: 'demo1234' } });
    // Five years at most: the contract's own message, before any call.
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText('The expiry is at most five years ahead')).toBeTruthy();
    expect(calls('/api/api-keys', 'PUT')).toHaveLength(0);
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.input(screen.getByLabelText(/Expires/), { target: { value: day } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    await waitFor(() => expect(calls('/api/api-keys', 'PUT')).toHaveLength(1));
    expect(bodyOf(calls('/api/api-keys', 'PUT')[0].init)).toMatchObject({
      scopes: ['sales:write'],
      expiresAt: expiryOf(day),
      rateLimit: 1200,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByText('the settings list')).toBeTruthy();
  });

  it('marks bad input before any call: no scope, a bad address; a rate past 6,000 is brought back to it', async () => {
    renderForm('profile');
    await screen.findByLabelText(/Name/);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText(/Allowed IP addresses/), { target: { value: 'example.com' } });
    fireEvent.change(screen.getByLabelText(/Rate limit/), { target: { value: '7000' } });
    fireEvent.change(screen.getByLabelText(/Current Password/), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    expect(screen.getByText('example.com is not an IP address or a CIDR range')).toBeTruthy();
    // The field keeps the rate within the contract's bound.
    expect((screen.getByLabelText(/Rate limit/) as HTMLInputElement).value).toBe('6000');
    expect(calls('/api/api-keys', 'PUT')).toHaveLength(0);
  });

  it('asks for the two-factor code when the account has it, and shows the server refusals on their fields', async () => {
    twoFactor = true;
    const base = reply;
    reply = (url, init) =>
      url.endsWith('/api/api-keys') && init.method === 'PUT'
        ? {
            status: 400,
            body: {
              code: 'VALIDATION_ERROR',
              message: 'Please correct the marked fields',
              data: { currentPassword: ['The current password is wrong'] },
            },
          }
        : base(url, init);
    renderForm('profile');
    const code = await screen.findByLabelText(/Code or recovery code/);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'reports' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^stats:read/ }));
    fireEvent.change(screen.getByLabelText(/Current Password/), { target: { value: 'wrong' } });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    expect(bodyOf(calls('/api/api-keys', 'PUT')[0].init)).toMatchObject({ code: '123456' });
    expect(screen.queryByText(API_KEY_TEXTS.shownOnce)).toBeNull();
  });
});
