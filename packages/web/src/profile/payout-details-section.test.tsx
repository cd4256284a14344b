import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_NUMBER_DIGITS,
  CURRENT_PASSWORD_REQUIRED,
  formatDateTime,
  MOBILE_NUMBER_FORMAT,
  PAYOUT_DETAILS_TEXTS as T,
  Role,
  type TPayoutDetailsView,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi, testMe } from '../ui/test-utils';
import { METHOD_REQUIRED } from './payout-fields';
import { PayoutDetailsSection } from './payout-details-section';

type Reply = { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let view: TPayoutDetailsView;
let twoFactor = false;
let putReply: Reply | undefined;
let getReply: Reply | undefined;
const puts = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.endsWith('profile/payout') && init.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init.body)) as unknown);

const NONE: TPayoutDetailsView = { details: null, summary: null, changedAt: null, heldUntil: null };
const SAVED: TPayoutDetailsView = {
  details: { method: 'gcash', mobileNumber: '+639171234567', accountName: 'Ana Cruz' },
  summary: { method: 'gcash', last4: '4567' },
  changedAt: '2026-03-02T15:00:00.000Z',
  heldUntil: '2026-03-04T15:00:00.000Z',
};

beforeEach(() => {
  view = NONE;
  twoFactor = false;
  putReply = undefined;
  getReply = undefined;
  clearNotes();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const reply: Reply = url.endsWith('auth/two-factor')
      ? { status: 200, body: { enabled: twoFactor, required: false, recoveryCodesLeft: 10 } }
      : init.method === 'PUT'
        ? (putReply ?? { status: 200, body: SAVED })
        : (getReply ?? { status: 200, body: view });
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok', testMe(Role.Agent, { username: 'agent07' }));
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderUi(
    <>
      <PayoutDetailsSection />
      <NotesHost />
    </>,
    { route: '/app/profile', query: true },
  );

const chooseMethod = async (label: string) => {
  const select = screen.getAllByLabelText(/^Payout method/).find((el) => el instanceof HTMLInputElement)!;
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: label }));
};
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('PayoutDetailsSection', () => {
  it('says so when the details cannot be loaded, and offers no form', async () => {
    getReply = { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } };
    render();
    expect((await screen.findByText(T.loadFailed)).getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('button', { name: T.save })).toBeNull();
  });

  it("asks a method first, then that method's fields, checked by the contract before any call", async () => {
    render();
    await screen.findByText(T.none);
    expect(screen.queryByLabelText(/^Mobile number/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(METHOD_REQUIRED)).toBeTruthy();
    expect(screen.getByText(CURRENT_PASSWORD_REQUIRED)).toBeTruthy();
    await chooseMethod('GCash');
    type(/^Mobile number/, '0917123');
    type(/^Account name/, 'Ana Cruz');
    type(/^Current Password/, 'demo1234');
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(MOBILE_NUMBER_FORMAT)).toBeTruthy();
    expect(puts()).toEqual([]);
    expect(screen.getByText(T.holdHint)).toBeTruthy();
    // No code field without two-factor sign-in.
    expect(screen.queryByLabelText(/^Code or recovery code/)).toBeNull();

    type(/^Mobile number/, '09171234567');
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    await screen.findByText(T.saved);
    expect(puts()).toEqual([
      {
        details: { method: 'gcash', mobileNumber: '+639171234567', accountName: 'Ana Cruz' },
        currentPassword: 'demo1234',
      },
    ]);
    // The new details and their hold show; the password is asked again next time.
    await screen.findByText('GCash ••••4567');
    expect(screen.getByText(T.heldUntil(formatDateTime(SAVED.heldUntil!)))).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Current Password/, { selector: 'input' })).toHaveProperty('value', ''),
    );
  });

  it("shows the saved details whole, asks the code when two-factor is on, and puts the server's refusals on their fields", async () => {
    view = {
      ...SAVED,
      heldUntil: null,
      details: { method: 'bank', bank: 'BDO', accountName: 'Ana Cruz', accountNumber: '001234567890' },
      summary: { method: 'bank', last4: '7890' },
    };
    twoFactor = true;
    render();
    await screen.findByText('Bank transfer ••••7890');
    await screen.findByLabelText(/^Code or recovery code/);
    expect(screen.getByLabelText(/^Account number/, { selector: 'input' })).toHaveProperty(
      'value',
      '001234567890',
    );
    expect(screen.getByLabelText(/^Bank/, { selector: 'input' })).toHaveProperty('value', 'BDO');
    type(/^Account number/, '1234');
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(ACCOUNT_NUMBER_DIGITS)).toBeTruthy();
    type(/^Account number/, '0012345678901');
    type(/^Current Password/, 'wrong');
    type(/^Code or recovery code/, '123456');
    putReply = {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Please correct the marked fields',
        data: { currentPassword: ['Current password is wrong'], 'details.accountName': ['Too plain'] },
      },
    };
    fireEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText('Current password is wrong')).toBeTruthy();
    const name = screen.getByLabelText(/^Account name/, { selector: 'input' });
    expect(within(name.closest('.mantine-InputWrapper-root')!).getByText('Too plain')).toBeTruthy();
    expect(puts()).toEqual([
      {
        details: { method: 'bank', bank: 'BDO', accountName: 'Ana Cruz', accountNumber: '0012345678901' },
        currentPassword: 'wrong',
        code: '123456',
      },
    ]);
  });
});
