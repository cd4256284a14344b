import { describe, expect, it } from 'vitest';
import { Permission, Role, type TMe } from '@salesdesk/contract';
import { SECTIONS } from '../routes';
import { visibleTabs } from './area';
import { activeTab } from './page-tabs';

const me = (role: TMe['role']): TMe => ({
  accountId: 1,
  agentId: null,
  companyId: null,
  role,
  username: 'u',
  permissions: [],
  officeName: null,
  canDelete: false,
});
/** The tabs of the section at /app/`path` that `who` may open. */
const sectionTabs = (path: string, who: TMe) =>
  visibleTabs(SECTIONS.find((s) => s.path === path)!.tabs, who, { showHowToSell: false });
const labels = (section: string, role: TMe['role']) => sectionTabs(section, me(role)).map((t) => t.label);

describe('sectionTabs', () => {
  it('shows Domains to superadmins only', () => {
    expect(labels('offices', Role.Superadmin)).toEqual(['Offices', 'Domains']);
    expect(labels('offices', Role.Admin)).toEqual(['Offices']);
  });

  it('gives the login log tab to office and above, the postbacks and audit log to admins, and log tabs carry the query', () => {
    expect(labels('logs', Role.Agent)).toEqual(['Chat Logs', 'Click Logs', 'Sale Logs']);
    expect(labels('logs', Role.Company)).toEqual(['Chat Logs', 'Login Logs', 'Click Logs', 'Sale Logs']);
    expect(labels('logs', Role.Admin)).toEqual([
      'Chat Logs',
      'Login Logs',
      'Click Logs',
      'Sale Logs',
      'Postbacks',
      'Audit Log',
    ]);
    expect(labels('logs', Role.Superadmin)).toContain('Postbacks');
    expect(labels('logs', Role.Superadmin)).toContain('Audit Log');
    expect(sectionTabs('logs', me(Role.Agent)).every((t) => t.keepSearch)).toBe(true);
  });

  it('limits the stats tabs by role', () => {
    expect(labels('stats', Role.Agent)).toEqual([
      'Sites Statistics',
      'Sites AVP Statistics',
      'Pay Statements',
      'Payment history',
    ]);
    expect(labels('stats', Role.Admin)).toContain('Payroll AVP');
    expect(labels('stats', Role.Admin)).toContain('Pay Statements');
    expect(labels('stats', Role.Company)).not.toContain('Payroll');
  });

  it('gives Payouts to superadmins and admins who see earnings, Payment history to every role', () => {
    expect(labels('stats', Role.Superadmin)).toContain('Payouts');
    expect(labels('stats', Role.Admin)).not.toContain('Payouts');
    const earning = { ...me(Role.Admin), permissions: [Permission.EarningVisible] };
    expect(sectionTabs('stats', earning).map((t) => t.label)).toContain('Payouts');
    expect(labels('stats', Role.Company)).not.toContain('Payouts');
    expect(labels('stats', Role.Company)).toContain('Payment history');
  });
});

describe('activeTab', () => {
  const tabs = sectionTabs('offices', me(Role.Superadmin));
  it('picks the longest matching tab', () => {
    expect(activeTab('/app/offices', tabs)).toBe('/app/offices');
    expect(activeTab('/app/offices/edit/3', tabs)).toBe('/app/offices');
    expect(activeTab('/app/offices/domains/create', tabs)).toBe('/app/offices/domains');
    expect(activeTab('/app/agents', tabs)).toBeNull();
  });
});
