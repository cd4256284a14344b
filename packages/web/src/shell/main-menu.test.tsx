import { act, screen } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Permission, REVIEW_POLL_MS, Role, UNAPPROVED_POLL_MS, type TMe } from '@salesdesk/contract';
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
let held = 0;
const countCalls = vi.fn();
beforeEach(() => {
  vi.useFakeTimers();
  count = 0;
  countCalls.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('unapproved/count')) countCalls();
      const body = url.includes('unapproved/count')
        ? { count }
        : url.includes('review/count')
          ? { count: held }
          : {};
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

describe('MainMenu review queue', () => {
  const admin = (permissions: TMe['permissions']): TMe => ({ ...superadmin, role: Role.Admin, permissions });
  const reviewBadge = () => screen.queryByTestId('review-badge');

  it('shows Review Queue with the held count to a reviewer, updated as it polls', async () => {
    held = 3;
    renderUi(<MainMenu menu={MENU} me={admin([Permission.ApproveAgents])} onNavigate={() => {}} />, {
      route: '/app/home',
      query: true,
    });
    expect(screen.getByRole('link', { name: /Review Queue/ }).getAttribute('href')).toBe('/app/review');
    await vi.waitFor(() => expect(reviewBadge()?.textContent).toBe('3 held'), {
      timeout: 5000,
      interval: 10,
    });
    held = 0;
    await tick(REVIEW_POLL_MS);
    await vi.waitFor(() => expect(reviewBadge()?.textContent).toBe('0 held'), {
      timeout: 5000,
      interval: 10,
    });
  });

  it('leaves it out for an admin without the approve-agents permission', () => {
    renderUi(<MainMenu menu={MENU} me={admin([Permission.EarningVisible])} onNavigate={() => {}} />, {
      route: '/app/home',
      query: true,
    });
    expect(screen.queryByRole('link', { name: /Review Queue/ })).toBeNull();
  });
});
