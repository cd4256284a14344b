import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTE_LIFETIME_MS, Permission, Role, type TMe } from '@salesdesk/contract';
import { MENU, routes, SECTIONS } from '../routes';
import { endSession, startSession } from '../api/session-store';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { visibleMenuItems as visibleIn, visibleTabs } from './area';
import { allows, NO_ACCESS_NOTE, rulesOf } from './require-access';

const me = (role: TMe['role'], permissions: string[] = []): TMe => ({
  accountId: 1,
  agentId: role === Role.Agent ? 1 : null,
  companyId: role >= Role.Company ? null : 1,
  role,
  username: 'user',
  permissions,
  officeName: null,
  canDelete: false,
});
const people = [
  me(Role.Superadmin),
  me(Role.Admin),
  me(Role.Admin, [Permission.ApproveAgents]),
  me(Role.Company),
  me(Role.Agent),
];
const brands = [{ showHowToSell: true }, { showHowToSell: false }];

const visibleMenuItems = (who: TMe, brand: { showHowToSell: boolean }) => visibleIn(MENU, who, brand);
const sectionTabs = (path: string, who: TMe) =>
  visibleTabs(SECTIONS.find((s) => s.path === path)!.tabs, who, brands[0]!);

const handlesOf = (path: string) => (matchRoutes(routes, path) ?? []).map((m) => m.route.handle);
const opens = (path: string, who: TMe, brand = brands[0]!) => allows(handlesOf(path), who, brand);

/** Every screen route under /app with its full path and the handles of its chain. */
function screens(
  list: RouteObject[],
  base: string,
  chain: unknown[],
): { path: string; handles: unknown[] }[] {
  return list.flatMap((r) => {
    const path = r.path ? `${base}/${r.path}`.replace(/\/+/g, '/') : base;
    const handles = [...chain, r.handle];
    const own = r.Component || r.element ? [{ path, handles }] : [];
    return [...own, ...screens(r.children ?? [], path, handles)];
  });
}

describe('an agent suspended for fraud', () => {
  it('opens Home and its pay statements, and no other screen of the table', () => {
    const suspended = { ...me(Role.Agent), fraudSuspended: true };
    const app = screens(routes, '', []).filter((s) => s.path.startsWith('/app/'));
    const open = app
      .filter((s) => allows(s.handles, suspended, brands[0]!))
      .map((s) => s.path)
      .sort();
    // The bare /app/stats only leads on to stats/sites, which is closed to it.
    expect(open).toEqual([
      '/app/home',
      '/app/stats',
      '/app/stats/pay-statements',
      '/app/stats/pay-statements/:start/:agentId',
    ]);
    expect(opens('/app/stats/sites', suspended)).toBe(false);
    expect(sectionTabs('stats', suspended).map((t) => t.label)).toEqual(['Pay Statements']);
  });
});

describe('the /app route table', () => {
  it('gives every screen a rule', () => {
    const app = screens(routes, '', []).filter((s) => s.path.startsWith('/app/'));
    expect(app.length).toBeGreaterThan(40);
    const unguarded = app.filter((s) => rulesOf(s.handles).length === 0).map((s) => s.path);
    expect(unguarded).toEqual([]);
  });

  it('opens a menu entry exactly for those who see it', () => {
    const targets = visibleMenuItems(me(Role.Superadmin), { showHowToSell: true })
      .concat(visibleMenuItems(me(Role.Admin), { showHowToSell: true }))
      .map((i) => i.to);
    for (const who of people)
      for (const brand of brands) {
        const shown = new Set(visibleMenuItems(who, brand).map((i) => i.to));
        for (const to of new Set(targets))
          expect([to, who.role, opens(to, who, brand)]).toEqual([to, who.role, shown.has(to)]);
      }
  });

  it('opens a section tab exactly for those who see it', () => {
    const sections = SECTIONS.filter((s) => s.tabs.length).map((s) => s.path);
    expect(sections).toEqual(['news', 'offices', 'sites', 'stats', 'links', 'logs', 'profile', 'settings']);
    for (const who of people)
      for (const section of sections) {
        const all = sectionTabs(section, me(Role.Superadmin)).map((t) => t.to);
        const shown = new Set(sectionTabs(section, who).map((t) => t.to));
        // A tab of a section the user cannot enter at all is not shown anywhere.
        const sectionOpen = opens(all[0]!, who);
        for (const to of all)
          if (sectionOpen) expect([to, who.role, opens(to, who)]).toEqual([to, who.role, shown.has(to)]);
      }
  });

  it('guards the sub-screens by their own rules', () => {
    const [superadmin, admin, approver, office, agent] = people as [TMe, TMe, TMe, TMe, TMe];
    expect(opens('/app/offices/create', superadmin)).toBe(true);
    expect(opens('/app/offices/create', admin)).toBe(false);
    expect(opens('/app/offices/edit/5', admin)).toBe(true);
    expect(opens('/app/offices/edit/5', office)).toBe(false);
    expect(opens('/app/agents/create', office)).toBe(true);
    expect(opens('/app/agents/edit/3', agent)).toBe(false);
    expect(opens('/app/unapprove', admin)).toBe(false);
    expect(opens('/app/unapprove', approver)).toBe(true);
    expect(opens('/app/logs/login', office)).toBe(true);
    expect(opens('/app/logs/login', agent)).toBe(false);
    expect(opens('/app/logs/chat', agent)).toBe(true);
    expect(opens('/app/migration', admin)).toBe(true);
    expect(opens('/app/migration', office)).toBe(false);
    expect(opens('/app/admins/create', admin)).toBe(false);
    expect(opens('/app/news/alerts', admin)).toBe(false);
    expect(opens('/app/sites/company-fees', admin)).toBe(false);
    expect(opens('/app/sites/sites', admin)).toBe(true);
    expect(opens('/app/settings/options', admin)).toBe(false);
    expect(opens('/app/settings/black-list-ip/create', admin)).toBe(true);
    expect(opens('/app/home', agent)).toBe(true);
    // API keys: admins under Settings, offices under their Profile; agents nowhere.
    for (const who of [superadmin, admin, approver]) {
      expect(opens('/app/settings/api-keys', who)).toBe(true);
      expect(opens('/app/settings/api-keys/create', who)).toBe(true);
      expect(opens('/app/profile/api-keys', who)).toBe(false);
    }
    expect(opens('/app/profile/api-keys', office)).toBe(true);
    expect(opens('/app/profile/api-keys/create', office)).toBe(true);
    expect(opens('/app/settings/api-keys', office)).toBe(false);
    for (const path of ['/app/settings/api-keys', '/app/profile/api-keys', '/app/profile/api-keys/create'])
      expect(opens(path, agent)).toBe(false);
    expect(sectionTabs('profile', office).map((t) => t.label)).toEqual(['Profile', 'API Keys', 'Webhooks']);
    expect(sectionTabs('profile', agent).map((t) => t.label)).toEqual(['Profile']);
    expect(sectionTabs('settings', admin).map((t) => t.label)).toEqual(['Black List Ip', 'API Keys']);
    // Adjustments: the earnings permission's holders among admins, and superadmins.
    const earner = me(Role.Admin, [Permission.EarningVisible]);
    expect(opens('/app/logs/adjustments/create', superadmin)).toBe(true);
    expect(opens('/app/logs/adjustments/create', earner)).toBe(true);
    for (const who of [admin, approver, office, agent, me(Role.Company, [Permission.EarningVisible])])
      expect(opens('/app/logs/adjustments/create', who)).toBe(false);
    // Webhooks: superadmins and admins who see earnings under Settings, offices under their Profile.
    for (const path of [
      '/app/settings/webhooks',
      '/app/settings/webhooks/create',
      '/app/settings/webhooks/7',
    ]) {
      expect(opens(path, superadmin)).toBe(true);
      expect(opens(path, earner)).toBe(true);
      for (const who of [admin, approver, office, agent]) expect(opens(path, who)).toBe(false);
    }
    for (const path of ['/app/profile/webhooks', '/app/profile/webhooks/create', '/app/profile/webhooks/7']) {
      expect(opens(path, office)).toBe(true);
      for (const who of [superadmin, earner, agent]) expect(opens(path, who)).toBe(false);
    }
    expect(sectionTabs('settings', earner).map((t) => t.label)).toEqual([
      'Black List Ip',
      'API Keys',
      'Webhooks',
    ]);
  });
});

describe('RequireAccess', () => {
  let user: TMe;
  beforeEach(() => {
    const answer = (url: string) => (url.includes('accounts/me') ? user : {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(answer(url)), { status: 200 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearNotes();
  });
  afterAll(() => endSession());

  function login(who: TMe) {
    user = who;
    startSession('tok', who);
  }

  function open(path: string) {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderUi(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <NotesHost />
      </QueryClientProvider>,
    );
    return router;
  }

  it('sends an agent who types /app/offices to /app/home without showing the screen', async () => {
    login(me(Role.Agent));
    const router = open('/app/offices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'));
    expect(screen.queryByRole('heading', { name: 'Offices' })).toBeNull();
  });

  it('says so on the page it lands on, once, until the user closes it', async () => {
    login(me(Role.Agent));
    open('/app/settings/options');
    const note = await screen.findByTestId('no-access-note');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toContain(NO_ACCESS_NOTE);
    expect(screen.getAllByText(NO_ACCESS_NOTE)).toHaveLength(1);
    // Not a toast that times out: it is still there after a note's lifetime.
    await new Promise((r) => setTimeout(r, NOTE_LIFETIME_MS + 200));
    expect(screen.getByTestId('no-access-note')).toBeTruthy();
    fireEvent.click(within(note).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(NO_ACCESS_NOTE)).toBeNull());
  });

  it('says nothing when the screen opens', async () => {
    login(me(Role.Company));
    const router = open('/app/agents/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/agents/create'));
    expect(screen.queryByText(NO_ACCESS_NOTE)).toBeNull();
  });

  it('sends an office who types /app/offices/create to /app/home, and keeps it on its agents', async () => {
    login(me(Role.Company));
    const router = open('/app/offices/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'));
    await router.navigate('/app/agents/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/agents/create'));
  });
});
