export { SitesListPage } from './sites-list-page';
export { SiteCreatePage, SiteEditPage } from './site-form-page';
export { SiteTypesPage } from './site-types-page';
export { SiteTypeCreatePage, SiteTypeEditPage } from './link-type-form-page';
