// Webhook endpoints made without the create route, for the tests that use one. Their address answers
// nothing (port 9 on loopback): a delivery a test leaves owed fails fast wherever it is tried.
import type { TWebhookEventType } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { encryptSecret } from '../common/crypto';
import { webhookEndpoints } from '../db/schema';
import { writeTestEvent } from '../ledger';
import { EndpointKind } from '../webhooks/deliver';
import { newSigningSecret } from '../webhooks/signature';
import { uniqueName } from './factories';

export const DEAD_URL = 'http://127.0.0.1:9/hook';

export interface EndpointOptions {
  officeId?: number | null;
  kind?: number;
  url?: string;
  eventTypes?: TWebhookEventType[];
  enabled?: boolean;
}

/** A live endpoint of the account; answers its id and signing secret. */
export async function buildEndpoint(ctx: AppContext, ownerId: number, o: EndpointOptions = {}) {
  const kind = o.kind ?? EndpointKind.Webhook;
  const secret = kind === EndpointKind.Webhook ? newSigningSecret() : null;
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      ownerId,
      officeId: o.officeId ?? null,
      kind,
      name: uniqueName('hook'),
      url: o.url ?? DEAD_URL,
      eventTypes: o.eventTypes ?? [],
      secret: secret && encryptSecret(ctx.keys, secret),
      enabled: o.enabled ?? true,
    })
    .returning({ id: webhookEndpoints.id });
  return { id: row.id, secret };
}

/** An endpoint of the account with one delivery (a test event); answers both ids. */
export async function buildDelivery(ctx: AppContext, ownerId: number, officeId: number | null = null) {
  const endpoint = await buildEndpoint(ctx, ownerId, { officeId });
  const deliveryId = await writeTestEvent(ctx.db, endpoint.id, officeId);
  return { endpointId: endpoint.id, deliveryId };
}
