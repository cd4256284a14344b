// The login page's second step: a session owing its code is kept in the page, not stored, until the
// code makes it complete; a wrong code is said once.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { endSession, getSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { LoginPage } from './login-page';

const me: TMe = {
  accountId: 3,
  agentId: null,
  companyId: null,
  role: Role.Admin,
  username: 'ann',
  permissions: [],
  officeName: null,
  canDelete: false,
};

type Reply = { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let codeReply: Reply;
const calls = (part: string) =>
  fetchMock.mock.calls.filter(([url]) => url.includes(part)).map(([, init]) => init);

beforeEach(() => {
  endSession();
  fetchMock.mockReset();
  codeReply = { status: 200, body: { ok: true } };
  fetchMock.mockImplementation(async (url) => {
    const r: Reply = url.includes('captcha')
      ? { status: 200, body: { image: '', check: '' } }
      : url.includes('auth/login')
        ? { status: 200, body: { token: 'pending-token', secondFactor: 'code' } }
        : url.includes('auth/second-factor')
          ? codeReply
          : url.includes('accounts/me')
            ? { status: 200, body: me }
            : { status: 200, body: { accountAlert: null, commonAlert: null } };
    return new Response(JSON.stringify(r.body), { status: r.status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderLogin() {
  renderUi(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/app/home" element={<p>home page</p>} />
    </Routes>,
    { route: '/login', query: true },
  );
}

async function passwordStep() {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ann' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', false),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByLabelText('Code');
}

describe('the login second step', () => {
  it('asks for the code, keeps the session out of storage until it is given, then opens the app', async () => {
    renderLogin();
    const code = await passwordStep();
    expect(getSession().token).toBeNull();
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('home page');
    const sent = calls('auth/second-factor');
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0].headers).get('Authorization')).toBe('Bearer pending-token');
    expect(sent[0].body).toBe('{"code":"123456"}');
    expect(getSession().token).toBe('pending-token');
  });

  it('says a wrong code once, empties the field and stays on the step; a malformed one is not sent', async () => {
    codeReply = {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Wrong code, or a code already used',
        data: { code: ['Wrong code, or a code already used'] },
      },
    };
    renderLogin();
    const code = await passwordStep();
    fireEvent.change(code, { target: { value: '12a' } });
    fireEvent.blur(code);
    await screen.findByText('Enter the 6-digit code or a recovery code');
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Wrong code, or a code already used');
    // One error: not again under the emptied field, and no 'required' there either.
    expect(screen.getAllByText('Wrong code, or a code already used')).toHaveLength(1);
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Code is required')).toBeNull();
    expect(screen.queryByText('Enter the 6-digit code or a recovery code')).toBeNull();
    expect(getSession().token).toBeNull();
    expect(screen.queryByText('home page')).toBeNull();
  });
});
