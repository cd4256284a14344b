import { screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { routes } from '../routes';
import { endSession, startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';

const agent: TMe = {
  accountId: 3,
  agentId: 3,
  companyId: 1,
  role: Role.Agent,
  username: 'agent01',
  permissions: [],
  officeName: 'Manila Central',
  canDelete: false,
};

beforeEach(() => {
  const answer = (url: string) => (url.includes('accounts/me') ? agent : {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => new Response(JSON.stringify(answer(url)), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => endSession());

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderUi(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('/spike', () => {
  it('needs a session like every /app page (/spike goes to /app/spike first)', async () => {
    const router = open('/spike');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/app/spike');
  });

  it('is a child of /app: /spike goes to /app/spike, inside the session', async () => {
    startSession('tok', agent);
    const router = open('/spike');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/spike'));
    expect(await screen.findByText('Html', {}, { timeout: 5000 })).toBeTruthy();
  });
});
