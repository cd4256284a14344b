// Test helpers: Mantine in test mode (no transitions, no portals) and the browser APIs happy-dom lacks.
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';

function stubBrowserApis() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class NoopResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: NoopResizeObserver });
  }
  // Mantine's autosize Textarea listens for font loads.
  if (!('fonts' in document)) {
    const fonts = { addEventListener: () => {}, removeEventListener: () => {} };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
}
stubBrowserApis();
// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** Mantine (test env) and, when `route` is given, a MemoryRouter starting there. */
export function TestProviders({ children, route }: { children: ReactNode; route?: string }) {
  const inner = <MantineProvider env="test">{children}</MantineProvider>;
  return route === undefined ? inner : <MemoryRouter initialEntries={[route]}>{inner}</MemoryRouter>;
}

/** render() inside TestProviders; `query` adds a fresh TanStack Query client (no retries). */
export function renderUi(ui: ReactElement, options: { route?: string; query?: boolean } = {}): RenderResult {
  const client = options.query
    ? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
    : null;
  return render(ui, {
    wrapper: ({ children }) => {
      const inner = <TestProviders route={options.route}>{children}</TestProviders>;
      return client ? <QueryClientProvider client={client}>{inner}</QueryClientProvider> : inner;
    },
  });
}

/**
 * The table cell showing `text`, or the element inside a cell that holds it. A kept name (a row's date
 * and time) is split into word spans so a date never breaks at its hyphen (the table rule), and
 * `getByText` reads an element's own text only: this matches a cell by its whole text as well.
 */
export function getCell(text: string): HTMLElement {
  const inCell = screen.queryAllByText(text, { selector: 'td, td *' });
  if (inCell.length) return inCell[0];
  return screen.getByText((_, el) => el?.tagName === 'TD' && el.textContent === text);
}

/**
 * A signed-in user as GET /api/accounts/me answers it: account 2; an agent is agent 7 of office 1, an
 * office user office 1's; no permissions. `over` sets what a test needs otherwise.
 */
export function testMe(role: Role, over: Partial<TMe> = {}): TMe {
  return {
    accountId: 2,
    agentId: role === Role.Agent ? 7 : null,
    companyId: role === Role.Agent || role === Role.Company ? 1 : null,
    role,
    username: 'someone',
    permissions: [],
    officeName: null,
    canDelete: false,
    ...over,
  };
}
