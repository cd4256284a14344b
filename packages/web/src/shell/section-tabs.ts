// The tab bars of the sectioned areas (News, Offices, Logs, Stats, Sites, Links, Settings), by role.
import type { TMe } from '@salesdesk/contract';
import { ACCESS, type AccessBrand, type AccessRule } from './access-rules';

export interface PageTab {
  label: string;
  to: string;
  /** Carry the current query string to the tab (the log tabs share their filters). */
  keepSearch?: boolean;
}

export type Section = 'news' | 'offices' | 'logs' | 'stats' | 'sites' | 'links' | 'settings';

/** A tab shows when its screen's rule lets `me` open it (the same rule guards the route). */
type TabRule = PageTab & { access?: AccessRule };

const SECTIONS: Record<Section, TabRule[]> = {
  news: [
    { label: 'Edit News', to: '/app/news/edit' },
    { label: 'Edit Alert', to: '/app/news/alerts' },
  ],
  offices: [
    { label: 'Offices', to: '/app/offices' },
    { label: 'Domains', to: '/app/offices/domains', access: ACCESS.domains },
  ],
  logs: [
    { label: 'Chat Logs', to: '/app/logs/chat', keepSearch: true },
    { label: 'Login Logs', to: '/app/logs/login', keepSearch: true, access: ACCESS.loginLogs },
    { label: 'Click Logs', to: '/app/logs/click-outs', keepSearch: true },
    { label: 'Sale Logs', to: '/app/logs/sale-logs', keepSearch: true },
  ],
  stats: [
    { label: 'Sites Statistics', to: '/app/stats/sites' },
    { label: 'Sites AVP Statistics', to: '/app/stats/sites-avp' },
    { label: 'Top agents', to: '/app/stats/top-agents', access: ACCESS.officeStats },
    { label: 'Office performance', to: '/app/stats/office-performance', access: ACCESS.officeStats },
    { label: 'Office progress chart', to: '/app/stats/office-performance-chart', access: ACCESS.officeStats },
    { label: 'Payroll', to: '/app/stats/sites-payout', access: ACCESS.payroll },
    { label: 'Payroll AVP', to: '/app/stats/sites-payout-avp', access: ACCESS.payroll },
  ],
  sites: [
    { label: 'Sites', to: '/app/sites/sites' },
    { label: 'Offices custom payments', to: '/app/sites/company-fees', access: ACCESS.sitesManage },
  ],
  links: [
    { label: 'Links', to: '/app/links/links' },
    { label: 'Links translate', to: '/app/links/links-translate', access: ACCESS.linksTranslate },
  ],
  settings: [
    { label: 'Black List Ip', to: '/app/settings/black-list-ip', access: ACCESS.blackList },
    { label: 'System Options', to: '/app/settings/options', access: ACCESS.options },
  ],
};

/** The tabs of `section` that `me` may open (no tab depends on the brand's switches today). */
export function sectionTabs(
  section: Section,
  me: TMe,
  brand: AccessBrand = { showHowToSell: false },
): PageTab[] {
  return SECTIONS[section]
    .filter((tab) => tab.access === undefined || tab.access(me, brand))
    .map(({ access: _access, ...tab }) => tab);
}
