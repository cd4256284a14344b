import { describe, expect, it } from 'vitest';
import { Permission, Role, type TMe } from '@salesdesk/contract';
import { MENU } from '../routes';
import { visibleMenuItems as visibleIn } from './area';

const me = (role: TMe['role'], permissions: string[] = []): TMe => ({
  accountId: 1,
  agentId: null,
  companyId: null,
  role,
  username: 'user',
  permissions,
  officeName: null,
  canDelete: false,
});
const visibleMenuItems = (m: TMe, brand: { showHowToSell: boolean }) => visibleIn(MENU, m, brand);
const labels = (m: TMe, showHowToSell: boolean) => visibleMenuItems(m, { showHowToSell }).map((i) => i.label);

describe('visibleMenuItems', () => {
  it('gives the superadmin everything but How To Sell, in menu order', () => {
    expect(labels(me(Role.Superadmin), true)).toEqual([
      'Home',
      'News',
      'Offices',
      'Agents',
      'New Agents',
      'Review Queue',
      'Sites',
      'Statistics',
      'Links',
      'Logs',
      'Profile',
      'Site Manuals',
      'Admins',
      'Settings',
    ]);
  });

  it('hides Site Manuals when the brand hides how-to-sell', () => {
    expect(labels(me(Role.Superadmin), false)).not.toContain('Site Manuals');
  });

  it('gives an admin offices, sites and settings, and New Agents and Review Queue only with APPROVE_AGENTS', () => {
    expect(labels(me(Role.Admin), true)).toEqual([
      'Home',
      'Offices',
      'Agents',
      'Sites',
      'Statistics',
      'Links',
      'Logs',
      'Profile',
      'How To Sell',
      'Settings',
    ]);
    expect(labels(me(Role.Admin, [Permission.ApproveAgents]), true)).toEqual(
      expect.arrayContaining(['New Agents', 'Review Queue']),
    );
  });

  it('gives an office agents but no admin items', () => {
    expect(labels(me(Role.Company), true)).toEqual([
      'Home',
      'Agents',
      'Statistics',
      'Links',
      'Logs',
      'Profile',
      'How To Sell',
    ]);
  });

  it('gives an agent the common items, How To Sell only when the brand shows it', () => {
    expect(labels(me(Role.Agent), true)).toEqual([
      'Home',
      'Statistics',
      'Links',
      'Logs',
      'Profile',
      'How To Sell',
    ]);
    expect(labels(me(Role.Agent), false)).toEqual(['Home', 'Statistics', 'Links', 'Logs', 'Profile']);
  });

  it('gives an agent suspended for fraud only Home and its Pay Statements', () => {
    const suspended = { ...me(Role.Agent), fraudSuspended: true };
    expect(visibleMenuItems(suspended, { showHowToSell: true })).toEqual([
      { label: 'Home', to: '/app/home' },
      { label: 'Pay Statements', to: '/app/stats/pay-statements' },
    ]);
    expect(labels({ ...me(Role.Agent), fraudSuspended: false }, false)).not.toContain('Pay Statements');
  });

  it('marks New Agents for the unapproved badge', () => {
    const item = visibleMenuItems(me(Role.Superadmin), { showHowToSell: true }).find(
      (i) => i.to === '/app/unapprove',
    );
    expect(item).toEqual({ label: 'New Agents', to: '/app/unapprove', badge: 'unapproved' });
  });
});
