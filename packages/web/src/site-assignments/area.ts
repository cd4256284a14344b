// /app/offices/:officeId/:name/sites and /app/agents/:agentId/:name/sites: the sites assigned to one.
import { lazyPage, type Area } from '../shell/area';

const page = () => import('./assigned-sites-page');

export const siteAssignmentsArea: Area = {
  screens: [
    { path: 'offices/:officeId/:name/sites', page: lazyPage(page, 'OfficeSitesPage') },
    { path: 'agents/:agentId/:name/sites', page: lazyPage(page, 'AgentSitesPage') },
  ],
};
