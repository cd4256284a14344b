import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Permission,
  Role,
  WEBHOOK_TEXTS,
  type TAttemptRow,
  type TMe,
  type TWebhookCreated,
  type TWebhookRow,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { ProfileDeliveryLogPage } from './delivery-log-page';
import { ProfileWebhookCreatePage, SettingsWebhookEditPage } from './webhook-form-page';
import { ProfileWebhooksPage, SettingsWebhooksPage } from './webhooks-page';

const me = (role: TMe['role'], permissions: string[] = []): TMe => ({
  accountId: 1,
  agentId: null,
  companyId: role === Role.Company ? 3 : null,
  role,
  username: 'owner',
  permissions,
  officeName: null,
  canDelete: false,
});

const row = (over: Partial<TWebhookRow> = {}): TWebhookRow => ({
  id: 7,
  name: 'crm',
  kind: 'webhook',
  url: 'https://crm.example.com/hooks/salesdesk',
  eventTypes: ['sale.created', 'sale.approved'],
  siteIds: null,
  enabled: true,
  disabledAt: null,
  failures: 0,
  rotatingUntil: null,
  held: 0,
  createdAt: '2026-03-02T15:00:00.000Z',
  ...over,
});

const attempt = (over: Partial<TAttemptRow> = {}): TAttemptRow => ({
  id: 41,
  deliveryId: 90,
  at: '2026-03-03T16:30:00.000Z',
  eventId: `evt_${'ab12'.repeat(8)}`,
  eventType: 'webhook.test',
  outcome: 'retrying',
  responseStatus: null,
  ms: 1250,
  answer: '',
  error: 'Refused: a private address',
  nextAt: '2026-03-03T16:31:00.000Z',
  ...over,
});

type Reply = { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let reply: (url: string, init: RequestInit) => Reply;
let hooks: TWebhookRow[];
let attempts: TAttemptRow[];
const calls = (part: string, method?: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.includes(part) && (!method || init.method === method))
    .map(([url, init]) => ({ url, init }));
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

const SECRET = `whsec_${'c2VjcmV0'.repeat(5)}`;
const created: TWebhookCreated = { ...row({ id: 8, name: 'ledger' }), secret: SECRET };

beforeEach(() => {
  startSession('tok', me(Role.Company));
  clearNotes();
  hooks = [
    row(),
    row({
      id: 6,
      name: 'old',
      kind: 'postback',
      url: 'https://track.example.com/pb?tx={tx_id}',
      eventTypes: [],
      enabled: false,
      failures: 3,
      held: 4,
    }),
  ];
  attempts = [attempt()];
  fetchMock.mockReset();
  reply = (url, init) => {
    if (url.includes('webhooks/search')) return { status: 200, body: { items: hooks, total: hooks.length } };
    if (/webhooks\/\d+\/attempts/.test(url))
      return { status: 200, body: { items: attempts, total: attempts.length } };
    const one = /webhooks\/(\d+)$/.exec(url);
    if (one && init.method === 'GET') {
      const row = hooks.find((h) => h.id === Number(one[1]));
      return row
        ? { status: 200, body: row }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    }
    if (/webhooks\/\d+\/rotate-secret/.test(url))
      return { status: 200, body: { secret: SECRET, previousUntil: '2026-03-04T15:00:00.000Z' } };
    if (url.endsWith('/api/webhooks') && init.method === 'PUT') return { status: 200, body: created };
    if (url.includes('/api/sites')) return { status: 200, body: [{ id: 4, sitename: 'Acme', status: true }] };
    return { status: 200, body: { ok: true } };
  };
  fetchMock.mockImplementation(async (url, init) => {
    const r = reply(url, init);
    return new Response(JSON.stringify(r.body), { status: r.status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const hosts = (
  <>
    <DialogsHost />
    <NotesHost />
  </>
);
const headers = () =>
  screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());

const renderList = (place: 'settings' | 'profile') =>
  renderUi(
    <>
      {place === 'settings' ? <SettingsWebhooksPage /> : <ProfileWebhooksPage />}
      {hosts}
    </>,
    { route: `/app/${place}/webhooks`, query: true },
  );

describe('the webhooks list', () => {
  it('shows each endpoint with its kind, URL, events, status and created time, newest first', async () => {
    renderList('profile');
    const name = await screen.findByText('crm');
    expect(bodyOf(calls('webhooks/search')[0].init)).toMatchObject({
      sortField: 'createdAt',
      sortAsc: false,
    });
    expect(headers()).toEqual(
      expect.arrayContaining(['Name', 'Kind', 'URL', 'Events', 'Status', 'Created', 'Actions']),
    );
    const tr = name.closest('tr')!;
    expect(tr.textContent).toContain('Webhook');
    expect(tr.textContent).toContain('https://crm.example.com/hooks/salesdesk');
    expect(tr.textContent).toContain('2 events');
    expect(tr.textContent).toContain('Enabled');
    expect(tr.textContent).toContain('2026-03-02 (10:00)');
    expect(within(tr).getByRole('link', { name: 'Edit crm' }).getAttribute('href')).toBe(
      '/app/profile/webhooks/edit/7',
    );
    expect(within(tr).getByRole('link', { name: 'Delivery Log crm' }).getAttribute('href')).toBe(
      '/app/profile/webhooks/7',
    );
    expect(within(tr).getByRole('button', { name: 'Rotate secret crm' })).toBeTruthy();
    expect(within(tr).getByRole('button', { name: 'Disable crm' })).toBeTruthy();
    // A disabled postback URL: its failures and held deliveries, Enable, no secret and no test.
    const old = screen.getByText('old').closest('tr')!;
    expect(old.textContent).toContain('Postback URL');
    expect(old.textContent).toContain('Disabled, 3 failures in a row, 4 held');
    expect(within(old).queryByRole('button', { name: /Rotate secret/ })).toBeNull();
    expect(within(old).queryByRole('button', { name: /Send test event/ })).toBeNull();
    expect(within(old).getByRole('button', { name: 'Enable old' })).toBeTruthy();
    expect(screen.getByRole('link', { name: WEBHOOK_TEXTS.add }).getAttribute('href')).toBe(
      '/app/profile/webhooks/create',
    );
  });

  it('says so when there is no endpoint', async () => {
    hooks = [];
    renderList('settings');
    expect(await screen.findByText(WEBHOOK_TEXTS.empty)).toBeTruthy();
  });

  it('deletes only after asking, naming the endpoint', async () => {
    renderList('profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete crm' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.deleteQuestion)).toBeTruthy();
    expect(screen.getByTestId('confirm-subject').textContent).toBe('crm');
    expect(calls('webhooks/7', 'DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('webhooks/7', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText(WEBHOOK_TEXTS.deleted)).toBeTruthy();
  });

  it('rotates a secret after asking and shows the new one once', async () => {
    startSession('tok', me(Role.Admin, [Permission.EarningVisible]));
    renderList('settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret crm' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.rotateQuestion)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.rotatedTitle)).toBeTruthy();
    expect(calls('webhooks/7/rotate-secret', 'POST')).toHaveLength(1);
    expect(screen.getByTestId('webhook-secret').textContent).toBe(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('sends a test event, and enables a disabled endpoint asking whether to send what was held', async () => {
    renderList('profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event crm' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.testSent)).toBeTruthy();
    expect(calls('webhooks/7/test', 'POST')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Enable old' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: WEBHOOK_TEXTS.enableResend }));
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(calls('webhooks/6/enable', 'POST')).toHaveLength(1));
    expect(bodyOf(calls('webhooks/6/enable', 'POST')[0].init)).toEqual({ resendHeld: true });
  });
});

const renderForm = (path: string, element: React.ReactElement, route: string) =>
  renderUi(
    <>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/app/settings/webhooks" element={<p>the settings list</p>} />
        <Route path="/app/profile/webhooks" element={<p>the profile list</p>} />
      </Routes>
      {hosts}
    </>,
    { route, query: true },
  );

describe('the webhook form', () => {
  it('creates a webhook with none of the events chosen until asked, and shows its secret once with Copy', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderForm('/app/profile/webhooks/create', <ProfileWebhookCreatePage />, '/app/profile/webhooks/create');
    await screen.findByLabelText(/Name/);
    expect(screen.getByText(WEBHOOK_TEXTS.eventsHint)).toBeTruthy();
    expect(screen.getByText(WEBHOOK_TEXTS.sitesHint)).toBeTruthy();
    const events = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(events.filter((c) => c.checked)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'ledger' } });
    fireEvent.change(screen.getByLabelText(/^URL/), { target: { value: 'https://crm.example.com/in' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'sale.created' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Webhook' }));
    await waitFor(() => expect(calls('/api/webhooks', 'PUT')).toHaveLength(1));
    expect(bodyOf(calls('/api/webhooks', 'PUT')[0].init)).toEqual({
      kind: 'webhook',
      name: 'ledger',
      url: 'https://crm.example.com/in',
      eventTypes: ['sale.created'],
      siteIds: null,
    });
    expect(await screen.findByText(WEBHOOK_TEXTS.secretShownOnce)).toBeTruthy();
    expect(screen.getByText(WEBHOOK_TEXTS.createdTitle)).toBeTruthy();
    expect(screen.getByTestId('webhook-secret').textContent).toBe(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('the profile list')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('shows the macros for a postback URL, refuses an unknown one before any call, and shows no secret', async () => {
    reply = ((base) => (url: string, init: RequestInit) =>
      url.endsWith('/api/webhooks') && init.method === 'PUT'
        ? { status: 200, body: { ...created, kind: 'postback', secret: null } }
        : base(url, init))(reply);
    renderForm('/app/profile/webhooks/create', <ProfileWebhookCreatePage />, '/app/profile/webhooks/create');
    await screen.findByLabelText(/Name/);
    expect(screen.queryByText(WEBHOOK_TEXTS.macrosHint)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Postback URL/ }));
    expect(screen.getByText(WEBHOOK_TEXTS.macrosHint)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'tracker' } });
    fireEvent.change(screen.getByLabelText(/^URL/), {
      target: { value: 'https://t.example.com/?s={sales}' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(await screen.findByText('Unknown macro {sales}')).toBeTruthy();
    expect(calls('/api/webhooks', 'PUT')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^URL/), {
      target: { value: 'https://t.example.com/?s={status}' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Webhook' }));
    expect(await screen.findByText('the profile list')).toBeTruthy();
    expect(bodyOf(calls('/api/webhooks', 'PUT')[0].init)).toMatchObject({ kind: 'postback', eventTypes: [] });
  });

  it('edits an endpoint without its kind, and shows a server refusal under its field', async () => {
    startSession('tok', me(Role.Superadmin));
    const base = reply;
    reply = (url, init) =>
      /webhooks\/7$/.test(url) && init.method === 'POST'
        ? {
            status: 400,
            body: {
              code: 'VALIDATION_ERROR',
              message: 'Please correct the marked fields',
              data: { name: ['A webhook of this name exists'] },
            },
          }
        : base(url, init);
    renderForm(
      '/app/settings/webhooks/edit/:id',
      <SettingsWebhookEditPage />,
      '/app/settings/webhooks/edit/7',
    );
    const name = (await screen.findByLabelText(/Name/)) as HTMLInputElement;
    expect(name.value).toBe('crm');
    expect(screen.queryByRole('radio')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'sale.approved' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(name, { target: { value: 'old' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A webhook of this name exists')).toBeTruthy();
    expect(bodyOf(calls('webhooks/7', 'POST')[0].init)).toEqual({
      name: 'old',
      url: 'https://crm.example.com/hooks/salesdesk',
      eventTypes: ['sale.created', 'sale.approved'],
      siteIds: null,
    });
  });
});

describe('the Delivery Log', () => {
  it('lists the attempts with their outcome and response, filters them in the URL and resends one', async () => {
    renderUi(
      <>
        <Routes>
          <Route path="/app/profile/webhooks/:id" element={<ProfileDeliveryLogPage />} />
        </Routes>
        {hosts}
      </>,
      { route: '/app/profile/webhooks/7?outcome=retrying', query: true },
    );
    expect(await screen.findByTestId('webhook-name')).toBeTruthy();
    expect(screen.getByTestId('webhook-name').textContent).toBe('crm');
    const cell = await screen.findByText('Refused: a private address');
    expect(bodyOf(calls('webhooks/7/attempts')[0].init)).toMatchObject({
      outcome: 'retrying',
      sortField: 'at',
      sortAsc: false,
    });
    expect(headers()).toEqual(
      expect.arrayContaining(['Time', 'Event', 'Outcome', 'Response', 'Duration', 'Next retry', 'Answer']),
    );
    const tr = cell.closest('tr')!;
    expect(tr.textContent).toContain('Will retry');
    expect(tr.textContent).toContain('webhook.test');
    expect(tr.textContent).toContain('1,250 ms');
    fireEvent.click(within(tr).getByRole('button', { name: /^Resend/ }));
    await waitFor(() => expect(calls('webhooks/7/resend', 'POST')).toHaveLength(1));
    expect(bodyOf(calls('webhooks/7/resend', 'POST')[0].init)).toEqual({ deliveryId: 90 });
    expect(await screen.findByText(WEBHOOK_TEXTS.resent)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(calls('webhooks/7/test', 'POST')).toHaveLength(1));
  });

  it('shows a long answer cut short, whole on More, and the empty text when there is none', async () => {
    attempts = [attempt({ outcome: 'failed', responseStatus: 500, error: null, answer: 'x'.repeat(300) })];
    renderUi(
      <Routes>
        <Route path="/app/profile/webhooks/:id" element={<ProfileDeliveryLogPage />} />
      </Routes>,
      { route: '/app/profile/webhooks/7', query: true },
    );
    expect(await screen.findByText('HTTP 500')).toBeTruthy();
    expect(screen.getByText(`${'x'.repeat(60)}…`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByText('x'.repeat(300))).toBeTruthy();
  });

  it('says so when nothing was sent yet, and names a missing endpoint', async () => {
    attempts = [];
    const view = renderUi(
      <Routes>
        <Route path="/app/profile/webhooks/:id" element={<ProfileDeliveryLogPage />} />
      </Routes>,
      { route: '/app/profile/webhooks/7', query: true },
    );
    expect(await screen.findByText(WEBHOOK_TEXTS.deliveriesEmpty)).toBeTruthy();
    view.unmount();
    renderUi(
      <Routes>
        <Route path="/app/profile/webhooks/:id" element={<ProfileDeliveryLogPage />} />
      </Routes>,
      { route: '/app/profile/webhooks/99', query: true },
    );
    expect(await screen.findByText('This record was not found.')).toBeTruthy();
  });
});
