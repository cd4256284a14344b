// Route matrix samples of the news and the alert (issue 6). The saves write what is current again,
// so tests reading them never see matrix text.
import type { RouteSamples } from '../test/route-sample-kit';
import { getLastAlert, getLastNews } from './service';

export const routeSamples: RouteSamples = {
  'GET /api/news/last': { build: () => ({ url: 'news/last' }) },
  'POST /api/news': {
    build: async (w) => ({ url: 'news', body: await getLastNews(w.ctx) }),
  },
  'GET /api/alerts/last': { build: () => ({ url: 'alerts/last' }) },
  'POST /api/alerts': {
    build: async (w) => ({ url: 'alerts', body: await getLastAlert(w.ctx) }),
  },
};
