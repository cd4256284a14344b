// The tab bars of the sectioned areas (News, Offices, Logs, Stats, Sites, Links, Settings), by role.
import { hasRole, Role, type TMe } from '@salesdesk/contract';

export interface PageTab {
  label: string;
  to: string;
  /** Carry the current query string to the tab (the log tabs share their filters). */
  keepSearch?: boolean;
}

export type Section = 'news' | 'offices' | 'logs' | 'stats' | 'sites' | 'links' | 'settings';

type TabRule = PageTab & { minRole?: Role };

const SECTIONS: Record<Section, TabRule[]> = {
  news: [
    { label: 'Edit News', to: '/app/news/edit' },
    { label: 'Edit Alert', to: '/app/news/alerts' },
  ],
  offices: [
    { label: 'Offices', to: '/app/offices' },
    { label: 'Domains', to: '/app/offices/domains', minRole: Role.Superadmin },
  ],
  logs: [
    { label: 'Chat Logs', to: '/app/logs/chat', keepSearch: true },
    { label: 'Login Logs', to: '/app/logs/login', keepSearch: true, minRole: Role.Company },
    { label: 'Click Logs', to: '/app/logs/click-outs', keepSearch: true },
    { label: 'Sale Logs', to: '/app/logs/sale-logs', keepSearch: true },
  ],
  stats: [
    { label: 'Sites Statistics', to: '/app/stats/sites' },
    { label: 'Sites AVP Statistics', to: '/app/stats/sites-avp' },
    { label: 'Top agents', to: '/app/stats/top-agents', minRole: Role.Company },
    { label: 'Office performance', to: '/app/stats/office-performance', minRole: Role.Company },
    { label: 'Office progress chart', to: '/app/stats/office-performance-chart', minRole: Role.Company },
    { label: 'Payroll', to: '/app/stats/sites-payout', minRole: Role.Admin },
    { label: 'Payroll AVP', to: '/app/stats/sites-payout-avp', minRole: Role.Admin },
  ],
  sites: [
    { label: 'Sites', to: '/app/sites/sites' },
    { label: 'Offices custom payments', to: '/app/sites/company-fees', minRole: Role.Superadmin },
  ],
  links: [
    { label: 'Links', to: '/app/links/links' },
    { label: 'Links translate', to: '/app/links/links-translate', minRole: Role.Admin },
  ],
  settings: [
    { label: 'Black List Ip', to: '/app/settings/black-list-ip', minRole: Role.Admin },
    { label: 'System Options', to: '/app/settings/options', minRole: Role.Superadmin },
  ],
};

/** The tabs of `section` that `me` may open. */
export function sectionTabs(section: Section, me: TMe): PageTab[] {
  return SECTIONS[section]
    .filter((tab) => tab.minRole === undefined || hasRole(me.role, tab.minRole))
    .map(({ minRole: _minRole, ...tab }) => tab);
}
