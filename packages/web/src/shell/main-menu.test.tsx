import { act, screen } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, UNAPPROVED_POLL_MS, type TMe } from '@salesdesk/contract';
import { renderUi } from '../ui/test-utils';
import { MENU } from '../routes';
import { MainMenu } from './main-menu';

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

let count = 0;
const countCalls = vi.fn();
beforeEach(() => {
  vi.useFakeTimers();
  count = 0;
  countCalls.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('unapproved/count')) countCalls();
      const body = url.includes('unapproved/count') ? { count } : {};
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const badge = () => screen.queryByTestId('unapproved-badge');
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The answer's body is read asynchronously: wait for the badge rather than for a fixed tick. */
const badgeShows = (text: string) =>
  vi.waitFor(() => expect(badge()?.textContent).toBe(text), { timeout: 5000, interval: 10 });

describe('MainMenu unapproved badge', () => {
  it('shows the count as a number, 0 included', async () => {
    count = 0;
    renderUi(<MainMenu menu={MENU} me={superadmin} onNavigate={() => {}} />, {
      route: '/app/home',
      query: true,
    });
    await badgeShows('0 unapproved');
    count = 12;
    await tick(UNAPPROVED_POLL_MS);
    await badgeShows('12 unapproved');
  });

  it('keeps polling every 5 s while the tab is in the background', async () => {
    renderUi(<MainMenu menu={MENU} me={superadmin} onNavigate={() => {}} />, {
      route: '/app/home',
      query: true,
    });
    await badgeShows('0 unapproved');
    expect(countCalls).toHaveBeenCalledTimes(1);
    focusManager.setFocused(false);
    count = 4;
    await tick(UNAPPROVED_POLL_MS);
    await badgeShows('4 unapproved');
    await tick(UNAPPROVED_POLL_MS);
    expect(countCalls).toHaveBeenCalledTimes(3);
  });
});
