import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_DAYS_MAX, Role, type TMe, type TSiteDetail } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { HOLD_DAYS_HINT, SiteCreatePage, SiteEditPage } from './site-form-page';

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
const detail: TSiteDetail = {
  id: 5,
  sitename: 'DateMatch',
  shortname: 'datematch',
  abbr: 'DM',
  url: 'https://www.datematch.example',
  clickParam: 'clickid',
  contactName: '',
  email: '',
  phoneNum: '',
  type: 'DATING',
  note: '',
  status: true,
  hidden: false,
  specialReport: false,
  useApproveSale: false,
  avp: false,
  holdDays: 14,
  typeCount: 0,
  postbackToken: 'tok',
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const saves = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init.method === 'PUT' || init.method === 'POST')
    .map(([url, init]) => [url.replace(/^.*\/api\//, ''), JSON.parse(String(init.body))] as const);

beforeEach(() => {
  startSession('tok', superadmin);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) =>
    Response.json(init.method === 'GET' || !init.method ? detail : { id: 5 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function open(route: string) {
  renderUi(
    <Routes>
      <Route path="/app/sites/create" element={<SiteCreatePage />} />
      <Route path="/app/sites/edit/:id" element={<SiteEditPage />} />
      <Route path="/app/sites/sites" element={<p>sites list</p>} />
    </Routes>,
    { route, query: true },
  );
}
const holdDays = () => screen.getByLabelText('Hold days') as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('the site form hold days', () => {
  it('starts at 0 with its hint and sends the days typed', async () => {
    open('/app/sites/create');
    expect(holdDays().value).toBe('0');
    expect(screen.getByText(HOLD_DAYS_HINT)).toBeTruthy();
    type('Site Name', 'Cams');
    type('Short Name', 'cams');
    type('Abbreviation', 'CM');
    type('URL', 'https://cams.example');
    fireEvent.click(
      screen.getAllByLabelText(/^Type/).find((el) => el instanceof HTMLInputElement && el.type !== 'hidden')!,
    );
    fireEvent.click(await screen.findByRole('option', { name: 'DATING' }));
    fireEvent.change(holdDays(), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('sites list')).toBeTruthy();
    expect(saves()).toEqual([['sites', expect.objectContaining({ sitename: 'Cams', holdDays: 7 })]]);
  });

  it("shows a site's days, keeps them within 0..HOLD_DAYS_MAX and needs a number", async () => {
    open('/app/sites/edit/5');
    await waitFor(() => expect(holdDays().value).toBe('14'));
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.change(holdDays(), { target: { value: String(HOLD_DAYS_MAX + 1) } });
    expect(save().disabled).toBe(true);
    fireEvent.blur(holdDays());
    await waitFor(() => expect(holdDays().value).toBe(String(HOLD_DAYS_MAX)));
    fireEvent.change(holdDays(), { target: { value: '' } });
    fireEvent.blur(holdDays());
    await waitFor(() => expect(holdDays().getAttribute('aria-invalid')).toBe('true'));
    expect(save().disabled).toBe(true);
    fireEvent.change(holdDays(), { target: { value: '30' } });
    fireEvent.click(save());
    expect(await screen.findByText('sites list')).toBeTruthy();
    expect(saves()).toEqual([['sites/5', expect.objectContaining({ holdDays: 30 })]]);
  });
});
