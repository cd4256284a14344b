// Webhook endpoint rules: each account (an office, or an admin with the earnings permission) manages its
// own, at most 20 live; an office's receive its own agents' events only (office_id), an admin's every
// office's. A webhook's signing secret is shown once, at creation or rotation, and kept encrypted; a
// rotated-out secret signs beside the new one for 24 hours. Deleting is soft: the log stays readable to
// the audit, and what the endpoint was still owed is settled unsent.
import {
  Role,
  WEBHOOK_MAX_LIVE,
  WEBHOOK_NAME_TAKEN,
  WEBHOOK_ROTATION_HOURS,
  WEBHOOK_TOO_MANY,
  WEBHOOK_UNKNOWN_MACRO,
  unknownMacros,
  type TAttemptList,
  type TAttemptRow,
  type TWebhookCreated,
  type TWebhookKind,
  type TWebhookList,
  type TWebhookRow,
  type TWebhookSecret,
  type ZAttemptSearch,
  type ZWebhookCreate,
  type ZWebhookEnable,
  type ZWebhookSearch,
  type ZWebhookUpdate,
} from '@salesdesk/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { encryptSecret } from '../common/crypto';
import { webhookEndpoints } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { DeliveryStatus, fanOutAll, writeTestEvent } from '../ledger';
import type { Principal } from '../http/auth';
import { conflict, notFound, validationError } from '../http/errors';
import { lockAccount } from '../http/locked-rows';
import { col, scopedSites } from '../http/tenant';
import { AttemptOutcome } from './attempts';
import { EndpointKind, eventId } from './deliver';
import { newSigningSecret } from './signature';
import * as q from './sql';

const KIND_CODES: Record<TWebhookKind, number> = {
  webhook: EndpointKind.Webhook,
  postback: EndpointKind.Postback,
};
const KIND_NAMES: Record<number, TWebhookKind> = {
  [EndpointKind.Webhook]: 'webhook',
  [EndpointKind.Postback]: 'postback',
};
const OUTCOME_NAMES = {
  [AttemptOutcome.Delivered]: 'delivered',
  [AttemptOutcome.Retrying]: 'retrying',
  [AttemptOutcome.Failed]: 'failed',
} as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toRow(r: q.EndpointRecord): TWebhookRow {
  const until = r.previous_secret_until && new Date(r.previous_secret_until);
  return {
    id: r.id,
    name: r.name,
    kind: KIND_NAMES[r.kind],
    url: r.url,
    eventTypes: r.event_types,
    siteIds: r.site_ids,
    enabled: r.enabled,
    disabledAt: iso(r.disabled_at),
    failures: r.failures,
    rotatingUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
    held: Number(r.held),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listEndpoints(
  ctx: AppContext,
  p: Principal,
  query: z.output<typeof ZWebhookSearch>,
): Promise<TWebhookList> {
  const page = await q.searchEndpoints(ctx.db, p.accountId, query);
  return { items: page.items.map(toRow), total: page.total };
}

/** The sites an endpoint is limited to must be sites its owner sees; another's is 404, as any id. */
async function assertSites(ctx: AppContext, p: Principal, siteIds: number[] | null | undefined) {
  if (!siteIds?.length) return;
  const seen = await q.visibleSites(ctx.db, siteIds, scopedSites(p, col('s.id')));
  if (seen.length !== siteIds.length) throw notFound();
}

function assertMacros(kind: number, url: string) {
  if (kind !== EndpointKind.Postback) return;
  const [bad] = unknownMacros(url);
  if (bad !== undefined)
    throw validationError({ url: [WEBHOOK_UNKNOWN_MACRO(bad)] }, WEBHOOK_UNKNOWN_MACRO(bad));
}

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'webhook_endpoints_live_name_idx'))
    throw validationError({ name: [WEBHOOK_NAME_TAKEN] }, WEBHOOK_NAME_TAKEN);
  throw err;
}

export async function createEndpoint(
  ctx: AppContext,
  p: Principal,
  v: z.output<typeof ZWebhookCreate>,
): Promise<TWebhookCreated> {
  await assertSites(ctx, p, v.siteIds);
  await lockAccount(ctx.db, p.accountId);
  if ((await q.countLive(ctx.db, p.accountId)) >= WEBHOOK_MAX_LIVE) throw conflict(WEBHOOK_TOO_MANY);
  const secret = v.kind === 'webhook' ? newSigningSecret() : null;
  try {
    const [made] = await ctx.db
      .insert(webhookEndpoints)
      .values({
        ownerId: p.accountId,
        // An office receives its own agents' events only; an admin every office's.
        officeId: p.role === Role.Company ? p.companyId : null,
        kind: KIND_CODES[v.kind],
        name: v.name,
        url: v.url,
        eventTypes: v.eventTypes,
        siteIds: v.siteIds ?? null,
        secret: secret && encryptSecret(ctx.keys, secret),
        createdBy: p.accountId,
      })
      .returning({ id: webhookEndpoints.id });
    const row = await q.endpointRow(ctx.db, p.accountId, made.id);
    return { ...toRow(row!), secret };
  } catch (err) {
    return nameTaken(err);
  }
}

/** The caller's own live endpoint, locked for the write; another's, or a deleted one, is 404. */
async function ownLocked(ctx: AppContext, p: Principal, id: number) {
  const [row] = await q.lockEndpoint(ctx.db, p.accountId, id);
  if (!row) throw notFound();
  return row;
}

/** The caller's own live endpoint; another account's, or a deleted one, is 404. */
export async function getEndpoint(ctx: AppContext, p: Principal, id: number): Promise<TWebhookRow> {
  const row = await q.endpointRow(ctx.db, p.accountId, id);
  if (!row) throw notFound();
  return toRow(row);
}

export async function updateEndpoint(
  ctx: AppContext,
  p: Principal,
  id: number,
  v: z.output<typeof ZWebhookUpdate>,
): Promise<TWebhookRow> {
  const row = await ownLocked(ctx, p, id);
  assertMacros(row.kind, v.url);
  await assertSites(ctx, p, v.siteIds);
  // The events written before a change of what it takes are fanned out as it took them then: an event
  // committed while subscribed is owed, whatever the delivery loop's lag (as around enable and disable).
  const key = (list: readonly (string | number)[] | null | undefined) =>
    list == null ? null : list.map(String).sort().join();
  if (key(row.event_types) !== key(v.eventTypes) || key(row.site_ids) !== key(v.siteIds))
    await fanOutAll(ctx.db);
  try {
    await ctx.db
      .update(webhookEndpoints)
      .set({ name: v.name, url: v.url, eventTypes: v.eventTypes, siteIds: v.siteIds ?? null })
      .where(eq(webhookEndpoints.id, id));
  } catch (err) {
    return nameTaken(err);
  }
  return getEndpoint(ctx, p, id);
}

export async function deleteEndpoint(ctx: AppContext, p: Principal, id: number): Promise<void> {
  await ownLocked(ctx, p, id);
  await ctx.db
    .update(webhookEndpoints)
    .set({ deletedAt: new Date(), enabled: false })
    .where(eq(webhookEndpoints.id, id));
  const unsent = 'Not sent: the webhook was deleted';
  await q.setDeliveries(ctx.db, id, DeliveryStatus.Pending, DeliveryStatus.Failed, unsent);
  await q.setDeliveries(ctx.db, id, DeliveryStatus.Disabled, DeliveryStatus.Failed, unsent);
}

export async function disableEndpoint(ctx: AppContext, p: Principal, id: number): Promise<TWebhookRow> {
  const row = await ownLocked(ctx, p, id);
  if (row.enabled) {
    await fanOutAll(ctx.db);
    await ctx.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: new Date() })
      .where(eq(webhookEndpoints.id, id));
    await q.setDeliveries(ctx.db, id, DeliveryStatus.Pending, DeliveryStatus.Disabled);
  }
  return getEndpoint(ctx, p, id);
}

/** Enables the endpoint; what it was owed while disabled is sent when asked, else settled unsent. */
export async function enableEndpoint(
  ctx: AppContext,
  p: Principal,
  id: number,
  v: z.output<typeof ZWebhookEnable>,
): Promise<TWebhookRow> {
  const row = await ownLocked(ctx, p, id);
  await fanOutAll(ctx.db);
  if (!row.enabled)
    await ctx.db
      .update(webhookEndpoints)
      .set({ enabled: true, disabledAt: null, failures: 0, failingSince: null })
      .where(eq(webhookEndpoints.id, id));
  if (v.resendHeld) await q.setDeliveries(ctx.db, id, DeliveryStatus.Disabled, DeliveryStatus.Pending);
  else
    await q.setDeliveries(
      ctx.db,
      id,
      DeliveryStatus.Disabled,
      DeliveryStatus.Failed,
      'Not sent: held while the webhook was disabled',
    );
  return getEndpoint(ctx, p, id);
}

/** A new signing secret, shown once; the old one signs beside it for 24 hours. */
export async function rotateSecret(ctx: AppContext, p: Principal, id: number): Promise<TWebhookSecret> {
  const row = await ownLocked(ctx, p, id);
  if (row.kind !== EndpointKind.Webhook) throw conflict('A postback URL is not signed: it has no secret');
  const secret = newSigningSecret();
  const until = new Date(Date.now() + WEBHOOK_ROTATION_HOURS * 3_600_000);
  await ctx.db
    .update(webhookEndpoints)
    .set({ secret: encryptSecret(ctx.keys, secret), previousSecret: row.secret, previousSecretUntil: until })
    .where(eq(webhookEndpoints.id, id));
  return { secret, previousUntil: until.toISOString() };
}

export async function sendTest(ctx: AppContext, p: Principal, id: number): Promise<void> {
  const row = await ownLocked(ctx, p, id);
  if (!row.enabled) throw conflict('Enable the webhook first: a disabled webhook is sent nothing');
  await writeTestEvent(ctx.db, id, row.office_id);
}

export async function listAttempts(
  ctx: AppContext,
  p: Principal,
  id: number,
  query: z.output<typeof ZAttemptSearch>,
): Promise<TAttemptList> {
  if (!(await q.endpointRow(ctx.db, p.accountId, id))) throw notFound();
  const page = await q.searchAttempts(ctx.db, id, query);
  return {
    items: page.items.map((a): TAttemptRow => ({
      id: Number(a.id),
      deliveryId: Number(a.delivery_id),
      at: new Date(a.at).toISOString(),
      eventId: eventId(a.uid),
      eventType: a.type,
      outcome: OUTCOME_NAMES[a.outcome as keyof typeof OUTCOME_NAMES],
      responseStatus: a.status,
      ms: a.ms,
      answer: a.answer,
      error: a.error,
      nextAt: iso(a.next_at),
    })),
    total: page.total,
  };
}

/** Sends delivery `deliveryId` of the endpoint again, with its webhook-id; another endpoint's is 404. */
export async function resend(ctx: AppContext, p: Principal, id: number, deliveryId: number): Promise<void> {
  const row = await ownLocked(ctx, p, id);
  if (!row.enabled) throw conflict('Enable the webhook first: a disabled webhook is sent nothing');
  if (!(await q.requeue(ctx.db, id, deliveryId))) throw notFound();
}
