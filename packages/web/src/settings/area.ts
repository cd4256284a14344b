// /app/settings: the black list of IPs and the system options.
import { admin, superadmin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const ipForm = () => import('./ip-list-form-page');

export const settingsArea: Area = {
  sections: [
    { path: 'settings', access: admin, menu: { label: 'Settings' }, landing: 'settings/black-list-ip' },
  ],
  screens: [
    {
      path: 'settings/black-list-ip',
      page: lazyPage(() => import('./black-list-page'), 'BlackListIpPage'),
      tab: 'Black List Ip',
    },
    { path: 'settings/black-list-ip/create', page: lazyPage(ipForm, 'BlackListIpCreatePage') },
    { path: 'settings/black-list-ip/delete', page: lazyPage(ipForm, 'BlackListIpDeletePage') },
    {
      path: 'settings/options',
      page: lazyPage(() => import('./options-page'), 'OptionsPage'),
      access: superadmin,
      tab: 'System Options',
    },
  ],
};
