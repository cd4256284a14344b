import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { easternDay, Permission, Role } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { AdjustmentFormPage } from './adjustment-form-page';
import { meAs } from './sale-logs.test-data';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let saveAnswer: { status: number; body: unknown } = { status: 200, body: { ok: true, id: 40 } };
const saves = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.endsWith('/api/adjustments') && init.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

beforeEach(() => {
  startSession('tok', meAs(Role.Admin, [Permission.EarningVisible]));
  saveAnswer = { status: 200, body: { ok: true, id: 40 } };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.includes('companies/agents'))
      return Response.json([
        { id: 5, username: 'agent05', firstName: 'A', lastName: 'B', companyId: 1, active: true },
        { id: 6, username: 'agent06', firstName: 'C', lastName: 'D', companyId: 1, active: true },
      ]);
    return Response.json(saveAnswer.body, { status: saveAnswer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => clearNotes());
  vi.unstubAllGlobals();
});

function renderPage() {
  renderUi(
    <>
      <Routes>
        <Route path="/app/logs/adjustments/create" element={<AdjustmentFormPage />} />
        <Route path="/app/logs/sale-logs" element={<p>sale logs</p>} />
      </Routes>
      <NotesHost />
    </>,
    { route: '/app/logs/adjustments/create', query: true },
  );
}
const input = (label: RegExp) =>
  screen
    .getAllByLabelText(label)
    .find((el) => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
async function chooseAgent(name: string) {
  fireEvent.click(input(/^Agent/));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('Add adjustment', () => {
  it('starts dated today and marks every missing field without calling the server', async () => {
    renderPage();
    expect(input(/^Date/).value).toBe(easternDay(new Date()));
    save();
    expect(await screen.findByText('Choose an agent')).toBeTruthy();
    expect(screen.getByText('Note is required')).toBeTruthy();
    expect(screen.getByText('Please correct the marked fields')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('needs a payout or an earning', async () => {
    renderPage();
    await chooseAgent('agent05');
    type(/^Note/, 'Goodwill');
    save();
    expect(await screen.findByText('Enter a payout or an earning')).toBeTruthy();
    type(/^Payout/, '0.00');
    save();
    expect(await screen.findByText('Enter a payout or an earning')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('refuses an amount that is not money and a date that is not a day', async () => {
    renderPage();
    await chooseAgent('agent05');
    type(/^Payout/, '12.345');
    type(/^Earning/, '1e3');
    type(/^Note/, 'Goodwill');
    fireEvent.input(input(/^Date/), { target: { value: '2024-13-40' } });
    save();
    expect(await screen.findAllByText('Must be an amount like -12.50 or 100')).toHaveLength(2);
    await waitFor(() => expect(input(/^Date/).getAttribute('aria-invalid')).toBe('true'));
    expect(saves()).toHaveLength(0);
  });

  it('sends the agent, the signed amounts (a blank one as 0), the date and the note, then returns to the sale logs', async () => {
    renderPage();
    await chooseAgent('agent06');
    type(/^Payout/, '-50');
    type(/^Note/, 'Partial refund of order 7');
    save();
    expect(await screen.findByText('sale logs')).toBeTruthy();
    expect(saves()).toEqual([
      {
        agentId: 6,
        payout: '-50',
        earning: '0',
        date: easternDay(new Date()),
        note: 'Partial refund of order 7',
        agentNote: null,
      },
    ]);
    expect(screen.getByText('Adjustment added')).toBeTruthy();
  });

  it('sends the note to the agent apart, and says which period pays an adjustment dated in a closed one', async () => {
    saveAnswer = {
      status: 200,
      body: { ok: true, id: 41, paidIn: { start: '2026-11-16', end: '2026-11-30' } },
    };
    renderPage();
    await chooseAgent('agent05');
    type(/^Payout/, '25');
    type(/^Note(?! to)/, 'internal: late fee back');
    type(/^Note to agent/, 'Late fee refunded');
    save();
    expect(await screen.findByText('sale logs')).toBeTruthy();
    expect(saves()[0]).toMatchObject({ note: 'internal: late fee back', agentNote: 'Late fee refunded' });
    expect(screen.getByText('Dated in a closed period: paid in 2026-11-16 - 2026-11-30')).toBeTruthy();
  });

  it("puts the server's field errors on their fields and stays", async () => {
    saveAnswer = {
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Please correct the marked fields',
        data: { agentId: ['Not found'] },
      },
    };
    renderPage();
    await chooseAgent('agent05');
    type(/^Earning/, '2.50');
    type(/^Note/, 'Bonus');
    save();
    expect(await screen.findByText('Not found')).toBeTruthy();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(screen.queryByText('sale logs')).toBeNull();
    expect(screen.queryByText('Adjustment added')).toBeNull();
  });
});
