import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, STORAGE_KEYS, type TMe } from '@salesdesk/contract';
import { BRAND_KEY, queryClient } from '../api/query-client';
import { getDateRange, setDateRange } from '../ui/date-range-store';
import { alertDialog, confirmDialog, useDialogsState } from '../ui/dialogs';
import { showNote, useNotes } from '../ui/notes';
import { renderHook } from '@testing-library/react';
import { logoutSession, refreshMe, loginWithToken } from './session-actions';
import { installSessionSync } from './session-sync';
import { endSession, getSession, startSession, syncWithStorage } from '../api/session-store';

const me = (accountId: number, username: string): TMe => ({
  accountId,
  agentId: null,
  companyId: null,
  role: Role.Superadmin,
  username,
  permissions: [],
  officeName: null,
  canDelete: true,
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

let uninstall: () => void;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  uninstall = installSessionSync();
  fetchMock = vi.fn(async (url: string) =>
    url.endsWith('accounts/me') ? json(me(1, 'super')) : json({ accountAlert: null, commonAlert: null }),
  );
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok-1', me(1, 'super'));
});
afterEach(() => {
  endSession();
  uninstall();
  vi.unstubAllGlobals();
});

/** The state a signed-in page builds up: cached lists, an open dialog, a note, a date filter. */
function fillPageState() {
  queryClient.setQueryData(['offices', 'list', { page: 1 }], {
    items: [{ plainPassword: 'demo1234' }],
    total: 1,
  });
  queryClient.setQueryData(['accounts', 'unapproved', 'count'], { count: 3 });
  queryClient.setQueryData(BRAND_KEY, { displayName: 'Brand' });
  setDateRange({ start: '2026-01-01', end: '2026-01-31' });
  showNote({ type: 'success', heading: 'Operation Complete' });
  const confirmed = confirmDialog({ heading: 'Are you sure?', onConfirm: () => undefined });
  return { confirmed };
}

function expectPageStateGone() {
  const keys = queryClient
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey[0]);
  expect(keys).toEqual(['brand']);
  expect(getDateRange()).toEqual({});
  expect(renderHook(() => useNotes()).result.current).toEqual([]);
  expect(renderHook(() => useDialogsState()).result.current).toMatchObject({ confirm: null, alert: null });
}

describe('the end of a session', () => {
  it('logout drops every cached query but the public brand, the dialogs, notes and filters', async () => {
    const { confirmed } = fillPageState();
    await logoutSession();
    expectPageStateGone();
    await expect(confirmed).resolves.toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logout ends the session here before the server answers, and revokes the old token', async () => {
    let release!: () => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (release = () => r(json({})))));
    const done = logoutSession();
    expect(getSession()).toMatchObject({ token: null, me: null, ended: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-1');
    release();
    await done;
  });

  it('an INVALID_TOKEN answer clears the same way', async () => {
    fillPageState();
    fetchMock.mockResolvedValue(json({ code: 'INVALID_TOKEN', message: 'Your session has ended' }, 401));
    const { apiFetch } = await import('../api/client');
    await expect(apiFetch('GET', 'offices/1')).rejects.toThrow();
    expect(getSession().ended).toBe(true);
    expectPageStateGone();
  });

  it("follows another tab's logout, and a page restored by Back after a logout elsewhere", () => {
    fillPageState();
    localStorage.removeItem(STORAGE_KEYS.token);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    expect(getSession().ended).toBe(true);
    expectPageStateGone();

    startSession('tok-2', me(1, 'super'));
    fillPageState();
    localStorage.removeItem(STORAGE_KEYS.token);
    const restored = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(restored, 'persisted', { value: true });
    window.dispatchEvent(restored);
    expect(getSession().token).toBeNull();
    expectPageStateGone();
  });

  it("takes another user's login from another tab without keeping this user's data", () => {
    fillPageState();
    localStorage.setItem(STORAGE_KEYS.token, 'tok-9');
    localStorage.setItem(STORAGE_KEYS.me, JSON.stringify(me(9, 'office1')));
    syncWithStorage();
    expect(getSession()).toMatchObject({ token: 'tok-9', me: { username: 'office1' }, ended: false });
    expect(queryClient.getQueryData(['offices', 'list', { page: 1 }])).toBeUndefined();
  });

  it('closes an open login alert', async () => {
    const shown = alertDialog({ content: 'Hello', contentType: 'text' });
    endSession();
    await expect(shown).resolves.toBeUndefined();
  });
});

describe('GET accounts/me', () => {
  it('is asked once per page load: not again after login, nor by a second mount', async () => {
    endSession();
    await loginWithToken('tok-3');
    await refreshMe();
    await refreshMe();
    const meCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('accounts/me'));
    expect(meCalls).toHaveLength(1);
  });
});
