import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role, type TMe, type TSiteDetail } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { SiteTypeCreatePage } from './link-type-form-page';

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
const siteDetail = (useApproveSale: boolean): TSiteDetail => ({
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
  useApproveSale,
  avp: false,
  holdDays: 0,
  typeCount: 0,
  postbackToken: 'tok',
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let approveSale = false;
const saves = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT').map(([, i]) => i.body);

beforeEach(() => {
  startSession('tok', superadmin);
  approveSale = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const body = init.method === 'PUT' ? { id: 9 } : siteDetail(approveSale);
    return new Response(JSON.stringify(body), {
      status: url.includes('sites/5') || init.method === 'PUT' ? 200 : 404,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  renderUi(
    <Routes>
      <Route path="/app/sites/:siteId/types/create" element={<SiteTypeCreatePage />} />
      <Route path="/app/sites/:siteId/types" element={<p>types list</p>} />
    </Routes>,
    { route: '/app/sites/5/types/create', query: true },
  );
}

describe('Add Sale Type', () => {
  it('starts with payout 0, earning 0, lpp 1; the bonus fields appear only with the bonus flag', async () => {
    renderPage();
    await screen.findByText('DateMatch');
    expect(screen.getByLabelText(/^Payout/)).toHaveProperty('value', '0');
    expect(screen.getByLabelText(/^Earning/)).toHaveProperty('value', '0');
    expect(screen.getByLabelText(/^lpp/)).toHaveProperty('value', '1');
    expect(screen.queryByLabelText(/^Bonus Payout/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Bonus'));
    expect(screen.getByLabelText(/^Bonus Payout/)).toHaveProperty('value', '0');
    expect(screen.getByLabelText(/^Bonus Earning/)).toHaveProperty('value', '0');
    expect(screen.getByLabelText(/^Bonus lpp/)).toHaveProperty('value', '1');
    expect(screen.getByText('Bonus/Payout/Earning/lpp')).toBeTruthy();
  });

  it('labels the rates Day#1 Approval and the bonus Day#2 Sale on an approve-sale site', async () => {
    approveSale = true;
    renderPage();
    await screen.findByText('Day#1 Approval');
    fireEvent.click(screen.getByLabelText('Day#2 Sale'));
    expect(screen.getByText('Day#2 Sale/Payout/Earning/lpp')).toBeTruthy();
    expect(screen.getByLabelText(/^Day#2 Sale Payout/)).toBeTruthy();
  });

  it('saves only with a valid URL, with the site id, then returns to the type list', async () => {
    renderPage();
    await screen.findByText('DateMatch');
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(/^Link name/, 'Main page');
    fill(/^Alias/, 'main');
    fill(/^Username/, 'emarket');
    fill(/^URL/, 'not a url');
    fill(/^Payout/, '150.50');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fill(/^URL/, 'https://www.datematch.example/join');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText('types list');
    expect(JSON.parse(saves()[0] as string)).toMatchObject({
      siteId: 5,
      typename: 'Main page',
      url: 'https://www.datematch.example/join',
      payout: '150.50',
      earning: '0',
      lpp: 1,
      bonus: false,
      bonusLpp: 1,
      status: true,
    });
  });
});
