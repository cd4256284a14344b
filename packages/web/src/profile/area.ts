// /app/profile: one's own account, a form per role (an office's API keys are its second tab, api-keys/).
import { everyone } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const profileArea: Area = {
  sections: [{ path: 'profile', access: everyone, menu: { label: 'Profile' } }],
  screens: [
    { path: 'profile', page: lazyPage(() => import('./profile-page'), 'ProfilePage'), tab: 'Profile' },
  ],
};
