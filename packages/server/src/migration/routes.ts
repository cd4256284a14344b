// Migration from the old server: the count waiting (GET admins/countToMigrate) and the one action that
// migrates them (GET accounts/migrate: a GET because the spec says so, though it writes). Admins and above.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, ZMigrationCount, ZMigrationResult } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import * as migration from './service';

const admin = { access: role(Role.Admin) };

const migrationRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/admins/countToMigrate',
    { config: admin, schema: { response: { 200: ZMigrationCount } } },
    async () => ({ count: await migration.countToMigrate(ctx) }),
  );

  app.get(
    '/accounts/migrate',
    { config: { ...admin, read: false }, schema: { response: { 200: ZMigrationResult } } },
    () => migration.migrateAgents(ctx),
  );
};

export default migrationRoutes;
