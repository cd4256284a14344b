// What an area declares about itself (its screens, its menu entry or section tabs, who may open them),
// and the route table, menu and tab bars built from those declarations in src/areas.ts order.
import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { TMe } from '@salesdesk/contract';
import type { AccessBrand, AccessRule } from './access-rules';
import type { PageTab } from './page-tabs';

/** A screen under /app: `path` is whole below /app ('offices/domains/:id'), its first segment its section. */
export interface Screen {
  path: string;
  page: ComponentType;
  /** Narrows its section's rule. */
  access?: AccessRule;
  /** The label of its tab in its section's tab bar. */
  tab?: string;
  /** An agent suspended for fraud may open it (its own pay statements); with `tab`, its menu shows it. */
  openWhileSuspended?: boolean;
}

/** A first segment of /app: who may open anything under it, and its menu entry. */
export interface Section {
  path: string;
  access: AccessRule;
  menu?: { label: string; /** Shows the unapproved-agents or the held-sales count. */ badge?: MenuBadge };
  /** Where the bare section path leads ('news/edit'), when it has no screen of its own. */
  landing?: string;
  /** Its tabs carry the current query string (the log tabs share their filters). */
  keepSearch?: boolean;
  /** An agent suspended for fraud may open it and every screen in it (Home). */
  openWhileSuspended?: boolean;
}

/** One area's registration: the sections it owns and its screens (in its own or another area's section). */
export interface Area {
  sections?: Section[];
  screens: Screen[];
}

/** A code-split page: `name` exported from the module `load` imports. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** The counts a menu entry can show: unapproved agents (New Agents), held sales (Review Queue). */
export type MenuBadge = 'unapproved' | 'review';

export interface MenuItem {
  label: string;
  to: string;
  badge?: MenuBadge;
  access: AccessRule;
}

export type RuledTab = PageTab & { access: AccessRule[] };

/** What the /app route guard reads from a route's handle. */
export interface AccessHandle {
  access: AccessRule;
  /** On a section's route: its tab bar, before the viewer's rules are applied. */
  tabs?: RuledTab[];
}

const sectionOf = (screen: Screen) => screen.path.split('/')[0]!;
const rules = (...list: (AccessRule | undefined)[]) => list.filter((r): r is AccessRule => !!r);
const both =
  (...list: (AccessRule | undefined)[]): AccessRule =>
  (me, brand) =>
    rules(...list).every((rule) => rule(me, brand));

/**
 * The one rule of a fraud suspension, as the server's (http/access.ts): such an agent opens only what
 * says `openWhileSuspended`, its Home and its own pay statements; everything else is closed to it.
 */
const whileSuspended =
  (open: boolean | undefined): AccessRule =>
  (me) =>
    !!open || !me.fraudSuspended;

/** The sections of `areas` with their screens and tabs, in registration order. */
export function buildSections(areas: readonly Area[]) {
  const sections = areas.flatMap((area) => area.sections ?? []);
  const screens = areas.flatMap((area) => area.screens);
  for (const [i, section] of sections.entries())
    if (sections.findIndex((s) => s.path === section.path) !== i)
      throw new Error(`Two areas declare the section /app/${section.path}`);
  for (const screen of screens)
    if (!sections.some((s) => s.path === sectionOf(screen)))
      throw new Error(`No area declares the section of /app/${screen.path}`);
  return sections.map((section) => {
    const own = screens
      .filter((screen) => sectionOf(screen) === section.path)
      .map((screen) => ({
        ...screen,
        access: both(screen.access, whileSuspended(section.openWhileSuspended || screen.openWhileSuspended)),
      }));
    const tabs: RuledTab[] = own
      .filter((screen) => screen.tab)
      .map((screen) => ({
        label: screen.tab!,
        to: `/app/${screen.path}`,
        ...(section.keepSearch ? { keepSearch: true } : {}),
        access: rules(section.access, screen.access),
      }));
    const anyOpen = section.openWhileSuspended || own.some((screen) => screen.openWhileSuspended);
    return {
      ...section,
      // The section lets a suspended agent through to the screens open to it; each screen decides.
      access: both(section.access, whileSuspended(anyOpen)),
      menuAccess: both(section.access, whileSuspended(section.openWhileSuspended)),
      screens: own,
      tabs,
    };
  });
}

export type BuiltSection = ReturnType<typeof buildSections>[number];

/** The children of /app: a route per section carrying its rule and tabs, its screens below it. */
export function buildAppRoutes(sections: readonly BuiltSection[]): RouteObject[] {
  return sections.map((section) => {
    const handle: AccessHandle = {
      access: section.access,
      ...(section.tabs.length ? { tabs: section.tabs } : {}),
    };
    const children: RouteObject[] = section.screens.map((screen) => {
      const rest = screen.path.slice(section.path.length + 1);
      return {
        ...(rest ? { path: rest } : { index: true }),
        Component: screen.page,
        handle: { access: screen.access } satisfies AccessHandle,
      };
    });
    if (section.landing)
      children.unshift({ index: true, element: <Navigate to={`/app/${section.landing}`} replace /> });
    return { path: section.path, handle, children };
  });
}

/**
 * The menu: one entry per section that has one, in registration order. A fraud-suspended agent gets an
 * entry of its own for each tab open to it in a section closed to it (Pay Statements under Statistics).
 */
export const buildMenu = (sections: readonly BuiltSection[]): MenuItem[] =>
  sections.flatMap((s) => [
    ...(s.menu
      ? [
          {
            label: s.menu.label,
            to: `/app/${s.path}`,
            access: s.menuAccess,
            ...(s.menu.badge ? { badge: s.menu.badge } : {}),
          },
        ]
      : []),
    ...(s.openWhileSuspended
      ? []
      : s.screens
          .filter((screen) => screen.openWhileSuspended && screen.tab)
          .map((screen) => ({
            label: screen.tab!,
            to: `/app/${screen.path}`,
            access: both(s.access, screen.access, (me) => !!me.fraudSuspended),
          }))),
  ]);

/** The menu items `me` sees under `brand`, in menu order. */
export function visibleMenuItems(menu: readonly MenuItem[], me: TMe, brand: AccessBrand) {
  return menu.filter((item) => item.access(me, brand)).map(({ access: _access, ...item }) => item);
}

/** The tabs `me` may open: a tab shows exactly when its screen's rules let `me` in. */
export function visibleTabs(tabs: readonly RuledTab[], me: TMe, brand: AccessBrand): PageTab[] {
  return tabs
    .filter((tab) => tab.access.every((rule) => rule(me, brand)))
    .map(({ access: _access, ...tab }) => tab);
}
