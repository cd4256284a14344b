// Links translate: the one lookup behind the Link Translate page (the link codes list is in tracking/).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, ZLinkTranslateQuery, ZLinkTranslation } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { role } from '../http/access';
import { translateLink } from './service';

const linksRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/links/translate',
    {
      config: { access: role(Role.Admin), keyScope: 'links:read' },
      schema: { querystring: ZLinkTranslateQuery, response: { 200: ZLinkTranslation } },
    },
    (req) => translateLink(ctx, principalOf(req), req.query),
  );
};

export default linksRoutes;
