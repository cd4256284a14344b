// /app/home: the dashboard every role opens first.
import { everyone } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const homeArea: Area = {
  sections: [{ path: 'home', access: everyone, menu: { label: 'Home' }, openWhileSuspended: true }],
  screens: [{ path: 'home', page: lazyPage(() => import('./home-page'), 'HomePage') }],
};
