import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { ChatLogCreatePage } from './chat-log-create-page';

const agent: TMe = {
  accountId: 3,
  agentId: 7,
  companyId: 1,
  role: Role.Agent,
  username: 'agent01',
  permissions: [],
  officeName: null,
  canDelete: false,
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let putAnswer: { status: number; body: unknown } = { status: 200, body: { id: 1 } };
const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init.body)));

beforeEach(() => {
  startSession('tok', agent);
  putAnswer = { status: 200, body: { id: 1 } };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (init.method === 'PUT')
      return new Response(JSON.stringify(putAnswer.body), { status: putAnswer.status });
    if (url.includes('/api/sites'))
      return new Response(JSON.stringify([{ id: 4, sitename: 'Dating One', status: true }]));
    return new Response('{}');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderUi(
    <Routes>
      <Route path="/app/chat-logs/create" element={<ChatLogCreatePage />} />
      <Route path="/app/logs/chat" element={<p>chat logs list</p>} />
    </Routes>,
    { route: '/app/chat-logs/create', query: true },
  );

async function fill() {
  fireEvent.change(screen.getByLabelText(/Client Name/), { target: { value: ' Ann ' } });
  fireEvent.click(screen.getByRole('combobox', { name: /Site/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Dating One' }));
  fireEvent.change(screen.getByLabelText(/Conversation/), { target: { value: 'Hello' } });
}

describe('ChatLogCreatePage', () => {
  it('keeps Save disabled until client name, site and conversation are given, then submits and returns', async () => {
    render();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await fill();
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await screen.findByText('chat logs list');
    expect(puts()).toEqual([{ clientUsername: 'Ann', siteId: 4, conversation: 'Hello' }]);
  });

  it("shows the server's field error on the site", async () => {
    putAnswer = {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Please correct the marked fields',
        data: { siteId: ['Choose one of your sites'] },
      },
    };
    render();
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Choose one of your sites');
    expect(screen.queryByText('chat logs list')).toBeNull();
  });
});
