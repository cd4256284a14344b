// /app/news: the news and the alert of the home page, edited by superadmins.
import { superadmin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const newsArea: Area = {
  sections: [{ path: 'news', access: superadmin, menu: { label: 'News' }, landing: 'news/edit' }],
  screens: [
    { path: 'news/edit', page: lazyPage(() => import('./news-edit-page'), 'NewsEditPage'), tab: 'Edit News' },
    {
      path: 'news/alerts',
      page: lazyPage(() => import('./news-alerts-page'), 'NewsAlertsPage'),
      tab: 'Edit Alert',
    },
  ],
};
