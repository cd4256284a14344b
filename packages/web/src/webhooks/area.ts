// /app/settings/webhooks (superadmins, and admins holding the earnings permission: a tab of Settings) and
// /app/profile/webhooks (offices, a tab of the Profile): one's own webhook endpoints, their form
// (create, edit/{id}) and each one's Delivery Log ({id}). Agents have none.
import { Role, WEBHOOK_HOLDERS, WEBHOOK_TEXTS, type TMe } from '@salesdesk/contract';
import { only, type AccessRule } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

/** The server's rule (contract WEBHOOK_HOLDERS): a superadmin, or an admin with the earnings permission. */
const holder: AccessRule = (me: TMe) =>
  me.role === Role.Superadmin ||
  (me.role === WEBHOOK_HOLDERS.from && me.permissions.includes(WEBHOOK_HOLDERS.permission));
const office = only(Role.Company);

const list = () => import('./webhooks-page');
const form = () => import('./webhook-form-page');
const log = () => import('./delivery-log-page');

export const webhooksArea: Area = {
  screens: [
    {
      path: 'settings/webhooks',
      page: lazyPage(list, 'SettingsWebhooksPage'),
      access: holder,
      tab: WEBHOOK_TEXTS.tab,
    },
    { path: 'settings/webhooks/create', page: lazyPage(form, 'SettingsWebhookCreatePage'), access: holder },
    { path: 'settings/webhooks/edit/:id', page: lazyPage(form, 'SettingsWebhookEditPage'), access: holder },
    { path: 'settings/webhooks/:id', page: lazyPage(log, 'SettingsDeliveryLogPage'), access: holder },
    {
      path: 'profile/webhooks',
      page: lazyPage(list, 'ProfileWebhooksPage'),
      access: office,
      tab: WEBHOOK_TEXTS.tab,
    },
    { path: 'profile/webhooks/create', page: lazyPage(form, 'ProfileWebhookCreatePage'), access: office },
    { path: 'profile/webhooks/edit/:id', page: lazyPage(form, 'ProfileWebhookEditPage'), access: office },
    { path: 'profile/webhooks/:id', page: lazyPage(log, 'ProfileDeliveryLogPage'), access: office },
  ],
};
