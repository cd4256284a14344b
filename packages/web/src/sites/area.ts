// /app/sites: the sites and their link types (sale types).
import { admin, superadmin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const siteForm = () => import('./site-form-page');
const typeForm = () => import('./link-type-form-page');

export const sitesArea: Area = {
  sections: [{ path: 'sites', access: admin, menu: { label: 'Sites' }, landing: 'sites/sites' }],
  screens: [
    { path: 'sites/sites', page: lazyPage(() => import('./sites-list-page'), 'SitesListPage'), tab: 'Sites' },
    { path: 'sites/create', page: lazyPage(siteForm, 'SiteCreatePage'), access: superadmin },
    { path: 'sites/edit/:id', page: lazyPage(siteForm, 'SiteEditPage'), access: superadmin },
    {
      path: 'sites/:siteId/types',
      page: lazyPage(() => import('./site-types-page'), 'SiteTypesPage'),
      access: superadmin,
    },
    {
      path: 'sites/:siteId/types/create',
      page: lazyPage(typeForm, 'SiteTypeCreatePage'),
      access: superadmin,
    },
    {
      path: 'sites/:siteId/types/edit/:id',
      page: lazyPage(typeForm, 'SiteTypeEditPage'),
      access: superadmin,
    },
  ],
};
