import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_TEXTS, Role, type TDashboard, type TMe } from '@salesdesk/contract';
import { startSession } from '../api/session-store';
import { renderUi } from '../ui/test-utils';
import { HomePage } from './home-page';

const me = (role: Role): TMe => ({
  accountId: 2,
  agentId: role === Role.Agent ? 7 : null,
  companyId: role === Role.Admin ? null : 1,
  role,
  username: 'someone',
  permissions: [],
  officeName: null,
  canDelete: false,
});

const agentRow = (n: number, office: string | null) => ({
  office,
  agent: `agent0${n}`,
  agentName: n === 2 ? null : `Name ${n}`,
  sales: 10 - n,
});

function dashboard(withOffice: boolean, over: Partial<TDashboard> = {}): TDashboard {
  const office = withOffice ? 'Manila Central' : null;
  return {
    agentNotes: '<p>Office rules</p>',
    showAgentFraudNotes: true,
    lastNews: { html: '<h3>Big news</h3>' },
    weekPeriod: { start: '2026-11-22', end: '2026-11-28' },
    weekTop10: [1, 2, 3, 4].map((n) => agentRow(n, office)),
    allTimeTop10: [],
    weekOfficeTop10: [{ office: 'Cebu Sales', agent: null, agentName: null, sales: 12 }],
    ...over,
  };
}

let answer: TDashboard;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('dashboard')
        ? answer
        : {
            name: 'emarket',
            displayName: 'eMarket',
            styleClass: '',
            copyright: '',
            showIp: true,
            showHowToSell: true,
          };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const table = (name: string) => screen.getByRole('table', { name });

describe('HomePage', () => {
  it('shows an agent its fraud banner, notes, news and the tables without the office column', async () => {
    answer = dashboard(false);
    startSession('tok', me(Role.Agent));
    renderUi(<HomePage />, { route: '/app/home', query: true });
    await screen.findByText(DASHBOARD_TEXTS.fraud);
    expect(screen.getByText('Office rules')).toBeTruthy();
    expect(screen.getByText('Big news')).toBeTruthy();
    const week = table(DASHBOARD_TEXTS.weekTop10);
    expect(within(week).queryByText('Office')).toBeNull();
    expect(within(week).getByText('agent01 (Name 1)')).toBeTruthy();
    expect(within(week).getByText('agent02')).toBeTruthy();
    expect(week.querySelectorAll('tbody tr[data-highlight]')).toHaveLength(3);
    expect(within(table(DASHBOARD_TEXTS.allTimeTop10)).getByText(DASHBOARD_TEXTS.empty)).toBeTruthy();
    const offices = table(DASHBOARD_TEXTS.weekOfficeTop10);
    expect(within(offices).getByText('Office')).toBeTruthy();
    expect(within(offices).queryByText('Agent')).toBeNull();
    expect(within(offices).getByText('Cebu Sales')).toBeTruthy();
    expect(screen.getAllByText('2026-11-22 - 2026-11-28')).toHaveLength(2);
    // Top agents is for offices and above: an agent gets no link it could not open.
    expect(screen.queryByRole('link', { name: DASHBOARD_TEXTS.choosePeriod })).toBeNull();
  });

  it('shows an admin the office column and the link to another pay period; no banner outside agents', async () => {
    answer = dashboard(true, { agentNotes: null });
    startSession('tok', me(Role.Admin));
    renderUi(<HomePage />, { route: '/app/home', query: true });
    const week = await screen.findByRole('table', { name: DASHBOARD_TEXTS.weekTop10 });
    expect(within(week).getByText('Office')).toBeTruthy();
    expect(within(week).getAllByText('Manila Central')).toHaveLength(4);
    expect(screen.queryByText(DASHBOARD_TEXTS.fraud)).toBeNull();
    expect(screen.queryByText('Office rules')).toBeNull();
    const link = screen.getByRole('link', { name: DASHBOARD_TEXTS.choosePeriod });
    expect(link.getAttribute('href')).toBe('/app/stats/top-agents');
  });
});
