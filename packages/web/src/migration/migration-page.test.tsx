import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIGRATE_BUTTON, MIGRATE_CONFIRM, Role, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { renderUi } from '../ui/test-utils';
import { MigrationPage } from './migration-page';

const admin: TMe = {
  accountId: 2,
  agentId: null,
  companyId: null,
  role: Role.Admin,
  username: 'admin',
  permissions: [],
  officeName: null,
  canDelete: false,
};

let waiting = 0;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const migrateCalls = () => fetchMock.mock.calls.filter(([url]) => url.includes('accounts/migrate'));

beforeEach(() => {
  startSession('tok', admin);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('accounts/migrate')) {
      const body = {
        migrated: waiting - 1,
        skipped: [{ username: 'mig09', reason: 'No office is named "X"' }],
      };
      waiting = 1;
      return new Response(JSON.stringify(body), { status: 200 });
    }
    return new Response(JSON.stringify({ count: waiting }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderUi(
    <>
      <MigrationPage />
      <DialogsHost />
    </>,
    { route: '/app/migration', query: true },
  );
}
const button = () => screen.getByRole('button', { name: MIGRATE_BUTTON });

describe('MigrationPage', () => {
  it('disables the button when nobody waits', async () => {
    waiting = 0;
    renderPage();
    await waitFor(() => expect(screen.getByTestId('migration-count').textContent).toBe('0'));
    expect((button() as HTMLButtonElement).disabled).toBe(true);
  });

  it('migrates after the confirmation, shows the skipped agents and the new count', async () => {
    waiting = 4;
    renderPage();
    await waitFor(() => expect(screen.getByTestId('migration-count').textContent).toBe('4'));
    fireEvent.click(button());
    await screen.findByText(MIGRATE_CONFIRM);
    expect(migrateCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(migrateCalls()).toHaveLength(1));
    await screen.findByText(/mig09: No office is named "X"/);
    await waitFor(() => expect(screen.getByTestId('migration-count').textContent).toBe('1'));
  });
});
