import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TCompanyFeeRow, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { CHOOSE_TYPE_TEXT, CompanyFeesPage } from './company-fees-page';

const superadmin: TMe = {
  accountId: 1,
  agentId: null,
  companyId: null,
  role: Role.Superadmin,
  username: 'super',
  permissions: [],
  officeName: null,
  canDelete: true,
};
const defaults = {
  payout: '100.00',
  earning: '10.00',
  lpp: 1,
  bonusPayout: '0.00',
  bonusEarning: '0.00',
  bonusLpp: 1,
};
const row = (over: Partial<TCompanyFeeRow> = {}): TCompanyFeeRow => ({
  typeId: 5,
  companyId: 7,
  officeName: 'Cebu',
  enable: false,
  ...defaults,
  payout: '150.00',
  defaults,
  ...over,
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const saves = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => url.includes('companies/fees') && init.method === 'POST')
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
const feeCalls = () => fetchMock.mock.calls.filter(([url]) => url.includes('companies/fees?'));

beforeEach(() => {
  startSession('tok', superadmin);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    let body: unknown = { ok: true };
    if (url.includes('types/1/by-site')) body = [{ id: 5, typename: 'Main' }];
    else if (url.startsWith('/api/sites')) body = [{ id: 1, sitename: 'CamStars', status: true }];
    else if (url.includes('companies/fees') && init.method === 'POST') {
      const sent = JSON.parse(String(init.body)) as TCompanyFeeRow;
      body = row({ ...sent, payout: String(sent.payout), officeName: 'Cebu' });
    } else if (url.includes('companies/fees')) body = { items: [row()], total: 1 };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (query: string) =>
  renderUi(<CompanyFeesPage />, { route: `/app/sites/company-fees${query}`, query: true });

describe('Offices custom payments', () => {
  it('asks for a site and a type first', async () => {
    renderPage('');
    expect(await screen.findByText(CHOOSE_TYPE_TEXT)).toBeTruthy();
    expect(feeCalls()).toHaveLength(0);
  });

  it("shows the type's defaults read-only while Custom is off; ticking it saves the row", async () => {
    renderPage('?siteId=1&typeId=5');
    const payout = (await screen.findByLabelText('Payout Cebu')) as HTMLInputElement;
    expect(payout.value).toBe('100.00');
    expect(payout.readOnly).toBe(true);
    expect(feeCalls()[0][0]).toContain('siteId=1');
    fireEvent.click(screen.getByLabelText('Custom Cebu'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ typeId: 5, companyId: 7, enable: true, payout: '150.00', lpp: 1 });
    await waitFor(() =>
      expect((screen.getByLabelText('Payout Cebu') as HTMLInputElement).readOnly).toBe(false),
    );
    expect((screen.getByLabelText('Payout Cebu') as HTMLInputElement).value).toBe('150.00');
  });

  it('saves a changed rate on blur, and refuses a negative one without a call', async () => {
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes('companies/fees?')
        ? new Response(JSON.stringify({ items: [row({ enable: true })], total: 1 }))
        : base(url, init),
    );
    renderPage('?siteId=1&typeId=5');
    const earning = (await screen.findByLabelText('Earning Cebu')) as HTMLInputElement;
    fireEvent.change(earning, { target: { value: '12.5' } });
    fireEvent.focusOut(earning);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ enable: true, payout: '150.00', earning: '12.5' });
    const payout = screen.getByLabelText('Payout Cebu');
    fireEvent.change(payout, { target: { value: '-1' } });
    fireEvent.focusOut(payout);
    expect(await screen.findByText('Must be a decimal number, min 0')).toBeTruthy();
    const lpp = screen.getByLabelText('lpp Cebu');
    fireEvent.change(lpp, { target: { value: '1.5' } });
    fireEvent.keyDown(lpp, { key: 'Enter' });
    expect(await screen.findByText('Must be a whole number, min 0')).toBeTruthy();
    expect(saves()).toHaveLength(1);
  });

  it('resets a type the site does not have', async () => {
    renderPage('?siteId=1&typeId=9');
    expect(await screen.findByText(CHOOSE_TYPE_TEXT)).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.includes('types/1/by-site'))).toBe(true),
    );
    expect(feeCalls()).toHaveLength(0);
  });
});
