import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  badIpLine,
  BLACK_LIST_TEXTS,
  LARGEST_ADJUSTMENT_INVALID,
  MINIMUM_PAYOUT_INVALID,
  MINIMUM_PAYOUT_LABEL,
  PAY_CYCLE_LABELS,
  POSTBACK_LOG_DAYS_INVALID,
  AUDIT_LOG_DAYS_INVALID,
  RAW_CLICK_MONTHS_INVALID,
  Role,
  type TMe,
} from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { DialogsHost } from '../ui/dialogs';
import { clearNotes, NotesHost } from '../ui/notes';
import { renderUi } from '../ui/test-utils';
import { BlackListIpPage } from './black-list-page';
import { BlackListIpCreatePage } from './ip-list-form-page';
import { OptionsPage } from './options-page';

const superadmin: TMe = {
  accountId: 1,
  agentId: null,
  companyId: null,
  role: Role.Superadmin,
  username: 'super',
  permissions: [],
  officeName: null,
  canDelete: false,
};

type Reply = { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let reply: (url: string, init: RequestInit) => Reply;
const calls = (part: string) =>
  fetchMock.mock.calls.filter(([url]) => url.includes(part)).map(([url, init]) => ({ url, init }));

beforeEach(() => {
  startSession('tok', superadmin);
  clearNotes();
  fetchMock.mockReset();
  reply = (url) =>
    url.includes('black-list-ip/search')
      ? {
          status: 200,
          body: {
            items: [
              { id: 1, ip: '203.0.113.1' },
              { id: 2, ip: '203.0.113.2' },
            ],
            total: 2,
          },
        }
      : { status: 200, body: { ok: true } };
  fetchMock.mockImplementation(async (url, init) => {
    const r = reply(url, init);
    return new Response(JSON.stringify(r.body), { status: r.status });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('BlackListIpPage', () => {
  it('lists IPs by id ascending, deletes one row and the selected rows, each after asking', async () => {
    renderUi(
      <>
        <BlackListIpPage />
        <DialogsHost />
        <NotesHost />
      </>,
      { route: '/app/settings/black-list-ip', query: true },
    );
    await screen.findByText('203.0.113.1');
    expect(JSON.parse(String(calls('black-list-ip/search')[0].init.body))).toMatchObject({
      page: 1,
      pageSize: 50,
      criteria: [],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete 203.0.113.2' }));
    await screen.findByText(BLACK_LIST_TEXTS.deleteOne);
    expect(screen.getByTestId('confirm-subject').textContent).toBe('203.0.113.2');
    expect(calls('black-list-ip/2')).toEqual([]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('black-list-ip/2').map((c) => c.init.method)).toEqual(['DELETE']));
    await screen.findByText(BLACK_LIST_TEXTS.deleted(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    reply = (url) =>
      url.includes('delete-by-value')
        ? { status: 200, body: { deleted: 1 } }
        : { status: 200, body: { items: [{ id: 1, ip: '203.0.113.1' }], total: 1 } };
    fireEvent.click(screen.getAllByLabelText('Select row')[0]);
    const bar = screen.getByRole('region', { name: 'Selection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    await screen.findByText(BLACK_LIST_TEXTS.deleteSelected);
    expect(screen.getByTestId('confirm-subject').textContent).toBe('203.0.113.1');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls('delete-by-value').map((c) => c.init.body)).toEqual(['{"ips":["203.0.113.1"]}']),
    );
  });

  it('searches a part of the IP and clears it again', async () => {
    renderUi(<BlackListIpPage />, { route: '/app/settings/black-list-ip', query: true });
    const box = await screen.findByPlaceholderText('part of IP');
    fireEvent.change(box, { target: { value: '203.0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(String(calls('black-list-ip/search').at(-1)?.init.body)).toContain(
        '"criteria":[{"field":"ip","value":"203.0","operator":"LIKE"}]',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(String(calls('black-list-ip/search').at(-1)?.init.body)).toContain('"criteria":[]'),
    );
    expect((box as HTMLInputElement).value).toBe('');
  });

  it("shows 'No data' for an empty list", async () => {
    reply = () => ({ status: 200, body: { items: [], total: 0 } });
    renderUi(<BlackListIpPage />, { route: '/app/settings/black-list-ip', query: true });
    await screen.findByText('No data');
  });
});

describe('Add Ip', () => {
  function renderForm() {
    renderUi(
      <>
        <Routes>
          <Route path="/app/settings/black-list-ip/create" element={<BlackListIpCreatePage />} />
          <Route path="/app/settings/black-list-ip" element={<p>the list</p>} />
        </Routes>
        <NotesHost />
      </>,
      { route: '/app/settings/black-list-ip/create', query: true },
    );
  }

  it('sends the lines of the box and shows every bad line the server names', async () => {
    const bad = [badIpLine(2, 'nope'), badIpLine(3, '1.2.3')];
    reply = () => ({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: 'Please correct the marked fields', data: { ips: bad } },
    });
    renderForm();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(/IP List/), { target: { value: '203.0.113.9\nnope\n1.2.3' } });
    fireEvent.click(confirm);
    await screen.findByText(bad[0], { exact: false });
    expect(screen.getByText(bad[1], { exact: false })).toBeTruthy();
    expect(calls('black-list-ip').map((c) => c.init.body)).toEqual([
      '{"ips":["203.0.113.9","nope","1.2.3"]}',
    ]);
  });

  it('returns to the black list once added, with a success note', async () => {
    reply = () => ({ status: 200, body: { added: 1 } });
    renderForm();
    fireEvent.change(screen.getByLabelText(/IP List/), { target: { value: ' 203.0.113.9 \r\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('the list');
    expect(screen.getByText(BLACK_LIST_TEXTS.added(1))).toBeTruthy();
  });
});

describe('OptionsPage', () => {
  const SHIPPED = { source: 'shipped', listDate: '2026-11-20', entries: 12345, updatedAt: null };
  const renderOptions = (
    saved: { name: string; value: string }[],
    datacenter: Reply = { status: 200, body: SHIPPED },
  ) => {
    reply = (url, init) =>
      url.endsWith('options/datacenter-list')
        ? init.method === 'GET'
          ? { status: 200, body: SHIPPED }
          : datacenter
        : init.method === 'GET'
          ? { status: 200, body: saved }
          : { status: 200, body: { ok: true } };
    renderUi(
      <>
        <OptionsPage />
        <NotesHost />
      </>,
      { route: '/app/settings/options', query: true },
    );
  };
  const posted = () =>
    calls('options')
      .filter((c) => c.init.method === 'POST' && !c.url.endsWith('datacenter-list'))
      .map((c) => c.init.body);

  /** The saved list after a Save: every option of the form, in the form's order. */
  const savedList = (changes: Record<string, string> = {}) => {
    const list = [
      ['auto_block_account', '0'],
      ['two_factor_roles', ''],
      ['webhooks_private_addresses', '0'],
      ['postback_log_days', '90'],
      ['audit_log_days', '730'],
      ['raw_click_months', ''],
      ['pay_cycle', 'half-month'],
      ['largest_adjustment_php', '1000000'],
      ['largest_adjustment_dollars', '100000'],
      ['minimum_payout_php', '0'],
      ['fraud_fast_sale', 'flag'],
      ['fraud_fast_sale_seconds', '15'],
      ['fraud_repeat_email', 'flag'],
      ['fraud_repeat_email_max', '1'],
      ['fraud_self_referral', 'flag'],
      ['fraud_refund_rate', 'flag'],
      ['fraud_refund_rate_percent', '25'],
      ['fraud_refund_rate_min_sales', '20'],
      ['fraud_invalid_click', 'flag'],
      ['invalid_blacklisted_ip', 'flag'],
      ['invalid_internal', 'flag'],
      ['invalid_preview', 'flag'],
      ['invalid_bot', 'flag'],
      ['invalid_head', 'flag'],
      ['invalid_datacenter', 'count'],
      ['invalid_repeat', 'flag'],
      ['internal_traffic_addresses', ''],
      ['repeat_clicks_max', '10'],
      ['repeat_clicks_minutes', '10'],
    ];
    return JSON.stringify(list.map(([name, value]) => ({ name, value: changes[name] ?? value })));
  };

  it('shows the roles that must sign in with two factors, and saves the ticked ones', async () => {
    renderOptions([{ name: 'two_factor_roles', value: '0' }]);
    const superadmin = await screen.findByRole('checkbox', { name: 'Superadmin' });
    expect(superadmin).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Admin' })).toHaveProperty('checked', false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Office' }));
    fireEvent.click(superadmin);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()).toEqual([savedList({ two_factor_roles: '10' })]);
  });

  it('shows Auto Block Account as saved and saves the change as 0/1', async () => {
    renderOptions([
      { name: 'auto_block_account', value: '1' },
      { name: 'postback_log_days', value: '90' },
    ]);
    const box = await screen.findByRole('checkbox', { name: 'Auto Block Account' });
    expect(box).toHaveProperty('checked', true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(posted()).toEqual([savedList()]);
  });

  it('shows Allow webhooks to private addresses, off unless saved on, and saves it as 0/1', async () => {
    renderOptions([{ name: 'webhooks_private_addresses', value: '1' }]);
    const box = await screen.findByRole('checkbox', { name: 'Allow webhooks to private addresses' });
    expect(box).toHaveProperty('checked', true);
    expect(screen.getByText(/never link-local or cloud metadata/)).toBeTruthy();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(posted()).toEqual([savedList()]);
  });

  it('saves the postback log days, refusing a count outside 1..3650 without a call', async () => {
    renderOptions([{ name: 'auto_block_account', value: '0' }]);
    const days = await screen.findByRole('textbox', { name: /Postback Log Days/ });
    // Never saved: the default.
    expect(days).toHaveProperty('value', '90');
    for (const value of ['0', '3651', '1e3', '']) {
      fireEvent.change(days, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(POSTBACK_LOG_DAYS_INVALID)).toBeTruthy();
    }
    expect(posted()).toEqual([]);
    fireEvent.change(days, { target: { value: ' 30 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(screen.queryByText(POSTBACK_LOG_DAYS_INVALID)).toBeNull();
    expect(posted()).toEqual([savedList({ postback_log_days: '30' })]);
  });

  it('saves the largest adjustment in pesos and dollars (₱1,000,000 and $100,000 unless saved)', async () => {
    renderOptions([{ name: 'largest_adjustment_dollars', value: '5000' }]);
    const pesos = await screen.findByRole('textbox', { name: /Largest adjustment \(₱\)/ });
    expect(pesos).toHaveProperty('value', '1000000');
    expect(screen.getByRole('textbox', { name: /Largest adjustment \(\$\)/ })).toHaveProperty(
      'value',
      '5000',
    );
    fireEvent.change(pesos, { target: { value: '1e6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LARGEST_ADJUSTMENT_INVALID)).toBeTruthy();
    expect(posted()).toEqual([]);
    fireEvent.change(pesos, { target: { value: '250000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(posted()).toEqual([
      savedList({ largest_adjustment_php: '250000', largest_adjustment_dollars: '5000' }),
    ]);
  });

  it('saves the minimum payout in pesos (₱0 unless saved), refusing what is no amount', async () => {
    renderOptions([{ name: 'auto_block_account', value: '0' }]);
    const minimum = await screen.findByRole('textbox', { name: MINIMUM_PAYOUT_LABEL });
    expect(minimum).toHaveProperty('value', '0');
    fireEvent.change(minimum, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MINIMUM_PAYOUT_INVALID)).toBeTruthy();
    expect(posted()).toEqual([]);
    fireEvent.change(minimum, { target: { value: '500.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(posted()).toEqual([savedList({ minimum_payout_php: '500.50' })]);
  });

  it('saves the audit log days (two years unless saved), refusing a count outside 1..3650', async () => {
    renderOptions([{ name: 'auto_block_account', value: '0' }]);
    const days = await screen.findByRole('textbox', { name: /Audit Log Days/ });
    expect(days).toHaveProperty('value', '730');
    fireEvent.change(days, { target: { value: '3651' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AUDIT_LOG_DAYS_INVALID)).toBeTruthy();
    expect(posted()).toEqual([]);
    fireEvent.change(days, { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(posted()).toEqual([savedList({ audit_log_days: '365' })]);
  });

  it('saves the raw click months (empty: every click), refusing a count past 1200', async () => {
    renderOptions([{ name: 'auto_block_account', value: '0' }]);
    const months = await screen.findByRole('textbox', { name: /Raw Clicks Kept \(months\)/ });
    expect(months).toHaveProperty('value', '');
    fireEvent.change(months, { target: { value: '1201' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(RAW_CLICK_MONTHS_INVALID)).toBeTruthy();
    expect(posted()).toEqual([]);
    fireEvent.change(months, { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(posted()).toEqual([savedList({ raw_click_months: '24' })]);
  });

  it('shows the pay cycle and each fraud rule as saved (defaults when never saved) and saves a change', async () => {
    renderOptions([
      { name: 'pay_cycle', value: 'weekly' },
      { name: 'fraud_fast_sale', value: 'hold' },
      { name: 'fraud_fast_sale_seconds', value: '20' },
      // Blank: never saved, the default shows.
      { name: 'fraud_refund_rate_percent', value: '' },
    ]);
    const cycle = await screen.findByRole('combobox', { name: /Pay Cycle/ });
    expect(cycle).toHaveProperty('value', PAY_CYCLE_LABELS.weekly);
    expect(screen.getByRole('combobox', { name: /Sale soon after its click/ })).toHaveProperty(
      'value',
      'Hold for review',
    );
    expect(screen.getByRole('combobox', { name: /Repeated customer e-mail/ })).toHaveProperty(
      'value',
      'Flag only',
    );
    expect(screen.getByRole('textbox', { name: /Seconds after the click/ })).toHaveProperty('value', '20');
    expect(screen.getByRole('textbox', { name: /^Refund rate/ })).toHaveProperty('value', '25');

    fireEvent.click(screen.getByRole('combobox', { name: /Click from the agent's own address/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Off' }));
    fireEvent.click(cycle);
    fireEvent.click(await screen.findByRole('option', { name: PAY_CYCLE_LABELS['half-month'] }));
    fireEvent.change(screen.getByRole('textbox', { name: /Minimum sales/ }), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(posted()).toEqual([
      savedList({
        fraud_fast_sale: 'hold',
        fraud_fast_sale_seconds: '20',
        fraud_self_referral: 'off',
        fraud_refund_rate_min_sales: '40',
      }),
    ]);
  });

  it('shows each invalid-traffic reason with its modes (refuse only for machines) and saves the rules', async () => {
    renderOptions([
      { name: 'invalid_bot', value: 'refuse' },
      { name: 'internal_traffic_addresses', value: '10.0.0.0/8' },
    ]);
    const bot = await screen.findByRole('combobox', { name: /^Bot/ });
    expect(bot).toHaveProperty('value', 'Refuse (404)');
    expect(screen.getByRole('combobox', { name: /^Data center/ })).toHaveProperty('value', 'Count as valid');
    fireEvent.click(screen.getByRole('combobox', { name: /^Repeat$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Count as valid',
      'Flag',
    ]);
    fireEvent.click(await screen.findByRole('option', { name: 'Count as valid' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Internal traffic addresses/ }), {
      target: { value: '10.0.0.0/8, 203.0.113.7' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Repeat Clicks/ }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(posted()).toEqual([
      savedList({
        invalid_bot: 'refuse',
        invalid_repeat: 'count',
        internal_traffic_addresses: '10.0.0.0/8, 203.0.113.7',
        repeat_clicks_max: '5',
      }),
    ]);
  });

  it('shows the data center list in force and uploads a new one, or shows why it was refused', async () => {
    renderOptions([], { status: 200, body: { entries: 3, listDate: '2026-11-27' } });
    expect((await screen.findByTestId('datacenter-list')).textContent).toBe(
      '12,345 ranges, dated 2026-11-20 (shipped with this release)',
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['# date: 2026-11-27\n203.0.113.0/24\n'], 'ranges.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('3 ranges, dated 2026-11-27')).toBeTruthy();
    const sent = calls('datacenter-list').filter((c) => c.init.method === 'POST');
    expect(sent.map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { text: '# date: 2026-11-27\n203.0.113.0/24\n' },
    ]);
  });

  it('shows why a data center list was refused', async () => {
    const refusal = { code: 'VALIDATION', message: 'Not an address or range: line 2: 10.0.0.0/33', data: {} };
    renderOptions([], { status: 400, body: refusal });
    await screen.findByTestId('datacenter-list');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'bad.txt')] } });
    expect((await screen.findByRole('alert')).textContent).toContain('line 2: 10.0.0.0/33');
  });

  it('refuses an internal address that is not one, and a repeat count out of range, without a call', async () => {
    renderOptions([]);
    fireEvent.change(await screen.findByRole('textbox', { name: /Internal traffic addresses/ }), {
      target: { value: '10.0.0.0/33' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Repeat Minutes/ }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/"10.0.0.0\/33" is not an address or a range/)).toBeTruthy();
    expect(screen.getByText('Repeat Minutes must be a whole number from 1 to 1440')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("refuses a rule's number out of range with the contract's message, without a call", async () => {
    renderOptions([]);
    const cases: [RegExp, string, string][] = [
      [/Seconds after the click/, '0', 'Seconds after the click must be a whole number from 1 to 86400'],
      [/Sales per e-mail/, '1001', 'Sales per e-mail must be a whole number from 1 to 1000'],
      [/^Refund rate/, '101', 'Refund rate must be a whole number from 1 to 100'],
      [/Minimum sales/, '1.5', 'Minimum sales must be a whole number from 1 to 100000'],
    ];
    for (const [label, value, message] of cases) {
      fireEvent.change(await screen.findByRole('textbox', { name: label }), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(posted()).toEqual([]);
  });
});
