// Profile (profile/admin, profile/company, profile/agent): the signed-in account's own profile.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Role,
  ZAdminProfile,
  ZAdminProfileUpdate,
  ZAgentProfileUpdate,
  ZCompanyProfile,
  ZCompanyProfileUpdate,
  ZProfileSaved,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN, role } from '../http/access';
import * as profile from './service';

const profileRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/profile/admin',
    { config: { access: role(Role.Admin) }, schema: { response: { 200: ZAdminProfile } } },
    (req) => profile.getAdminProfile(ctx, principalOf(req)),
  );

  app.post(
    '/profile/admin',
    {
      config: { access: role(Role.Admin) },
      schema: { body: ZAdminProfileUpdate, response: { 200: ZProfileSaved } },
    },
    (req) => profile.updateAdminProfile(ctx, principalOf(req), req.body),
  );

  app.get(
    '/profile/company',
    { config: { access: role(Role.Company) }, schema: { response: { 200: ZCompanyProfile } } },
    (req) => profile.getOfficeProfile(ctx, principalOf(req)),
  );

  app.post(
    '/profile/company',
    {
      config: { access: role(Role.Company) },
      schema: { body: ZCompanyProfileUpdate, response: { 200: ZProfileSaved } },
    },
    (req) => profile.updateOfficeProfile(ctx, principalOf(req), req.body),
  );

  app.post(
    '/profile/agent',
    { config: { access: LOGIN }, schema: { body: ZAgentProfileUpdate, response: { 200: ZProfileSaved } } },
    (req) => profile.updateAgentProfile(ctx, principalOf(req), req.body),
  );
};

export default profileRoutes;
