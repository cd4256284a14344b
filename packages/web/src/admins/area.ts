// /app/admins: the admin accounts, kept by superadmins.
import { superadmin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const form = () => import('./admin-form-page');

export const adminsArea: Area = {
  sections: [{ path: 'admins', access: superadmin, menu: { label: 'Admins' } }],
  screens: [
    { path: 'admins', page: lazyPage(() => import('./admins-list-page'), 'AdminsListPage') },
    { path: 'admins/create', page: lazyPage(form, 'AdminCreatePage') },
    { path: 'admins/edit/:id', page: lazyPage(form, 'AdminEditPage') },
  ],
};
