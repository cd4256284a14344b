// Route matrix samples of the webhook endpoints (issue 34). Each endpoint route names the tenant's office
// account's own endpoint: the office may, every other caller's own endpoints are others, so 404.
import { buildDelivery, buildEndpoint, DEAD_URL } from '../test/webhooks-fixtures';
import type { RouteSample, RouteSamples } from '../test/route-sample-kit';
import type { Tenant, World } from '../test/route-world';

const ofOffice = async (w: World, t: Tenant) =>
  (await buildEndpoint(w.ctx, t.officeAccountId, { officeId: t.officeId })).id;

/** A call on the tenant office's own endpoint. */
const onEndpoint = (path: string, body?: (w: World) => unknown): RouteSample => ({
  build: async (w, t) => ({ url: `webhooks/${await ofOffice(w, t)}${path}`, body: body?.(w) }),
  tenantIds: true,
  alsoOk: [404],
});

export const routeSamples: RouteSamples = {
  'POST /api/webhooks/search': { build: () => ({ url: 'webhooks/search', body: { sortField: 'name' } }) },
  // Subscribed to nothing, so the endpoints the walks make take no other test's events. A file's walks
  // make more than the 20 an account may keep: the 21st is 409.
  'PUT /api/webhooks': {
    build: (w) => ({ url: 'webhooks', body: { kind: 'webhook', name: w.unique('h'), url: DEAD_URL } }),
    alsoOk: [409],
  },
  'GET /api/webhooks/:id': onEndpoint(''),
  'POST /api/webhooks/:id': onEndpoint('', (w) => ({ name: w.unique('h'), url: DEAD_URL, eventTypes: [] })),
  'DELETE /api/webhooks/:id': onEndpoint(''),
  'POST /api/webhooks/:id/disable': onEndpoint('/disable'),
  'POST /api/webhooks/:id/enable': onEndpoint('/enable', () => ({ resendHeld: false })),
  'POST /api/webhooks/:id/rotate-secret': onEndpoint('/rotate-secret'),
  'POST /api/webhooks/:id/test': onEndpoint('/test'),
  'POST /api/webhooks/:id/attempts': onEndpoint('/attempts', () => ({ sortField: 'at' })),
  'POST /api/webhooks/:id/resend': {
    build: async (w, t) => {
      const d = await buildDelivery(w.ctx, t.officeAccountId, t.officeId);
      return { url: `webhooks/${d.endpointId}/resend`, body: { deliveryId: d.deliveryId } };
    },
    tenantIds: true,
    alsoOk: [404],
  },
};
