// /app/settings/api-keys (superadmins and admins, a tab of Settings) and /app/profile/api-keys (offices, a
// tab of the Profile): one's own API keys, listed and revoked, and the form that makes one. Agents have
// none: the screens' rules refuse them as any other screen a role may not open.
import { API_KEY_TEXTS, Role } from '@salesdesk/contract';
import { admin, only } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const office = only(Role.Company);
const list = () => import('./api-keys-page');
const form = () => import('./api-key-create-page');

export const apiKeysArea: Area = {
  screens: [
    {
      path: 'settings/api-keys',
      page: lazyPage(list, 'SettingsApiKeysPage'),
      access: admin,
      tab: API_KEY_TEXTS.tab,
    },
    { path: 'settings/api-keys/create', page: lazyPage(form, 'SettingsApiKeyCreatePage'), access: admin },
    {
      path: 'profile/api-keys',
      page: lazyPage(list, 'ProfileApiKeysPage'),
      access: office,
      tab: API_KEY_TEXTS.tab,
    },
    { path: 'profile/api-keys/create', page: lazyPage(form, 'ProfileApiKeyCreatePage'), access: office },
  ],
};
