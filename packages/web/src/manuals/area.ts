// /app/site-manuals (superadmins edit) and /app/how-to-sell (everyone else reads), when the brand shows them.
import { Role } from '@salesdesk/contract';
import type { AccessRule } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const siteManuals: AccessRule = (me, brand) => brand.showHowToSell && me.role === Role.Superadmin;
const howToSell: AccessRule = (me, brand) => brand.showHowToSell && me.role !== Role.Superadmin;
const form = () => import('./site-manual-form-page');

export const manualsArea: Area = {
  sections: [
    { path: 'site-manuals', access: siteManuals, menu: { label: 'Site Manuals' } },
    { path: 'how-to-sell', access: howToSell, menu: { label: 'How To Sell' } },
  ],
  screens: [
    { path: 'site-manuals', page: lazyPage(() => import('./site-manuals-page'), 'SiteManualsPage') },
    { path: 'site-manuals/create', page: lazyPage(form, 'SiteManualCreatePage') },
    { path: 'site-manuals/edit/:id', page: lazyPage(form, 'SiteManualEditPage') },
    { path: 'how-to-sell', page: lazyPage(() => import('./how-to-sell-page'), 'HowToSellPage') },
  ],
};
