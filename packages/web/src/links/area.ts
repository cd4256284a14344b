// /app/links: the tracking links, and their translation for admins.
import { admin, everyone } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const linksArea: Area = {
  sections: [
    { path: 'links', access: everyone, menu: { label: 'Links' }, landing: 'links/links' },
    // Spec 2 section 2.12 names it /app/links-translate; the page lives under links, beside its tab.
    { path: 'links-translate', access: admin, landing: 'links/links-translate' },
  ],
  screens: [
    { path: 'links/links', page: lazyPage(() => import('./links-page'), 'LinksPage'), tab: 'Links' },
    {
      path: 'links/links-translate',
      page: lazyPage(() => import('./links-translate-page'), 'LinksTranslatePage'),
      access: admin,
      tab: 'Links translate',
    },
  ],
};
