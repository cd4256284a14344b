// Route matrix samples of the chat logs (issue 8). Offices and admins may not submit a chat log (403
// after the access check); another office's site there is a field error, not a 404.
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/chat-logs/search': {
    build: (_w, t) => ({
      url: 'chat-logs/search',
      body: { companyId: t.officeId, agentId: t.agentId, siteId: t.siteId },
    }),
    tenantIds: true,
  },
  'POST /api/chat-logs/export': {
    build: (_w, t) => ({
      url: 'chat-logs/export',
      body: { companyId: t.officeId, agentId: t.agentId, siteId: t.siteId },
    }),
    tenantIds: true,
  },
  'PUT /api/chat-logs': {
    build: (_w, t) => ({
      url: 'chat-logs',
      body: { clientUsername: 'matrix client', siteId: t.siteId, conversation: 'Hello' },
    }),
  },
};
