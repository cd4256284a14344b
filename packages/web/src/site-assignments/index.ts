export { AgentSitesPage, OfficeSitesPage } from './assigned-sites-page';
