// /app/profile: one's own account, a form per role.
import { everyone } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const profileArea: Area = {
  sections: [{ path: 'profile', access: everyone, menu: { label: 'Profile' } }],
  screens: [{ path: 'profile', page: lazyPage(() => import('./profile-page'), 'ProfilePage') }],
};
