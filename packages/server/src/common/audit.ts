// Writing the audit log. A write through the API gets its row from http/audit.ts, in the write's own
// transaction: beginAudit reserves the row's id and hands it to the row triggers (which record the
// changed fields in audit_changes), finishAudit writes the row last, once the target is known. Sign-in
// events (a failed one is refused, so no write transaction keeps it) are recorded with recordAuthEvent.
import { sql } from 'drizzle-orm';
import type { TAuditTarget } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';

/** Who acted, and from where. */
export interface AuditActor {
  accountId: number | null;
  username: string | null;
  role: number | null;
  /** The superadmin or admin behind a remote login ("Log in as"). */
  impersonatedBy?: number | null;
  /** The API key the call came with, by its name and first characters (`reports (sdk_3f9a…)`). */
  apiKey?: string | null;
  ip: string;
  userAgent?: string | null;
}

export interface AuditEvent extends AuditActor {
  /** The route (`POST /api/auth/login`), or the event's name where no route is one. */
  action: string;
  /** What the row is about; an 'account' is kept as the agent, office or admin it is. */
  targetType?: TAuditTarget;
  targetId?: string | number | null;
  /** What happened, where the action does not say it (`signed in`, a failure's reason). */
  detail?: string | null;
}

const USER_AGENT_MAX = 512;
const DETAIL_MAX = 256;
const NAME_MAX = 64;
const API_KEY_MAX = 80;

const cut = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

/**
 * Starts an audited write inside its transaction: reserves the id of its log row and names it, for
 * this transaction only, to the row triggers of the audited tables.
 */
export async function beginAudit(tx: Queryable): Promise<number> {
  const row = await queryOne<{ id: string }>(
    tx,
    sql`select set_config('salesdesk.audit_id', nextval('audit_logs_id_seq')::text, true) as id,
               set_config('salesdesk.audit_target', '', true) as target`,
  );
  if (!row) throw new Error('The audit log id was not reserved');
  return Number(row.id);
}

/**
 * Writes the log row of an audited write (`id` from beginAudit, in the same transaction): the
 * event's target, else the first row the write changed.
 */
export function finishAudit(tx: Queryable, id: number, e: AuditEvent): Promise<void> {
  return insertRow(tx, id, e, true);
}

/**
 * Records a sign-in event: a sign-in in the transaction that starts the session, a failed one on its
 * own once the refusal rolled back, a two-factor step... Its target is the account unless it names one.
 * Not for a route the API audits already (every write but the sign-in routes): that route's row is
 * the event.
 */
export function recordAuthEvent(db: Queryable, e: AuditEvent): Promise<void> {
  const target =
    e.targetType || e.accountId === null
      ? e
      : { ...e, targetType: 'account' as const, targetId: e.accountId };
  return insertRow(db, null, target, false);
}

/**
 * Records an event no route makes (contract AUDIT_EVENTS: a key found past its expiry), in the
 * caller's transaction, with the target it names.
 */
export function recordEvent(db: Queryable, e: AuditEvent): Promise<void> {
  return insertRow(db, null, e, false);
}

async function insertRow(db: Queryable, id: number | null, e: AuditEvent, changedRowTarget: boolean) {
  const kind = e.targetType ?? null;
  const key = e.targetId === undefined || e.targetId === null ? null : String(e.targetId);
  // The first changed row, as the row trigger noted it ('type:id'); empty outside an audited write.
  const noted = changedRowTarget
    ? sql`coalesce(current_setting('salesdesk.audit_target', true), '')`
    : sql`''`;
  const imp = e.impersonatedBy ?? null;
  await db.execute(
    sql`insert into audit_logs (id, account_id, username, role, impersonated_by, impersonator, ip, user_agent,
                                action, target_type, target_id, detail, api_key)
        select coalesce(${id}::bigint, nextval('audit_logs_id_seq')), ${e.accountId}::int,
               ${cut(e.username, NAME_MAX)}, ${e.role}::smallint, ${imp}::int,
               (select username from accounts where id = ${imp}::int), ${cut(e.ip, NAME_MAX) ?? ''},
               ${cut(e.userAgent, USER_AGENT_MAX)}, ${e.action}, t[1], t[2], ${cut(e.detail, DETAIL_MAX)},
               ${cut(e.apiKey, API_KEY_MAX)}
        from (select audit_target(coalesce(${kind}::text, nullif(split_part(g, ':', 1), '')),
                                  coalesce(${key}::text, substr(g, strpos(g, ':') + 1))) as t
              from (select ${noted} as g) noted) target`,
  );
}
