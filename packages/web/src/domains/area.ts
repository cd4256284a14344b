// /app/offices/domains: the preferred domains, a tab of the offices section.
import { superadmin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const form = () => import('./domain-form-page');

export const domainsArea: Area = {
  screens: [
    {
      path: 'offices/domains',
      page: lazyPage(() => import('./domains-list-page'), 'DomainsListPage'),
      access: superadmin,
      tab: 'Domains',
    },
    { path: 'offices/domains/create', page: lazyPage(form, 'DomainCreatePage'), access: superadmin },
    { path: 'offices/domains/:id', page: lazyPage(form, 'DomainEditPage'), access: superadmin },
  ],
};
