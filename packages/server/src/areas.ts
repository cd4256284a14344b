// Every API area, registered under /api/{prefix}. Add one line per area.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context';
import authRoutes from './auth/routes';
import officesRoutes from './offices/routes';
import accountsRoutes from './accounts/routes';
import filesRoutes from './files/routes';
import sitesRoutes from './sites/routes';
import domainsRoutes from './domains/routes';
import trackingRoutes from './tracking/routes';
import postbackRoutes from './postback/routes';

export interface AreaOptions {
  ctx: AppContext;
}
export interface Area {
  prefix: string;
  plugin: FastifyPluginAsync<AreaOptions>;
}

export const areas: Area[] = [
  { prefix: '', plugin: authRoutes },
  { prefix: '', plugin: officesRoutes },
  { prefix: '', plugin: accountsRoutes },
  { prefix: '', plugin: filesRoutes },
  { prefix: '', plugin: sitesRoutes },
  { prefix: '', plugin: domainsRoutes },
  { prefix: '', plugin: trackingRoutes },
  { prefix: '', plugin: postbackRoutes },
];
