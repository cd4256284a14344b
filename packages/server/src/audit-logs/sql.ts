// Audit log queries: the rows of a page (or of an export's chunk), then the first changes of each, field
// by field as text (a numeric keeps its scale: 1.50, not 1.5).
import { sql } from 'drizzle-orm';
import {
  addDays,
  ADMIN_AUDIT_TARGETS,
  AUDIT_CHANGES_SHOWN,
  auditRoutesNamed,
  easternDayStart,
  hasRole,
  Role,
  type AUDIT_LOG_SORT_FIELDS,
  type TAuditLogSearch,
} from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { and, contains, pagedQuery, type SortSpec } from '../common/list';
import { keysetChunks } from '../common/csv-rows';
import type { Principal } from '../http/auth';

type AuditLogSortField = (typeof AUDIT_LOG_SORT_FIELDS)[number];

export interface AuditLogRecord {
  id: number | string;
  time: Date | string;
  account_id: number | null;
  username: string | null;
  role: number | null;
  impersonated_by: number | null;
  impersonator: string | null;
  api_key: string | null;
  ip: string;
  user_agent: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: string | null;
  /** The target's name as its screen shows it, while the target exists. */
  target_name: string | null;
  change_count: number;
}

export interface AuditFieldRecord {
  audit_id: number | string;
  change_id: number | string;
  table_name: string;
  row_key: string;
  op: string;
  name: string | null;
  before: string | null;
  after: string | null;
}

// Newest first, through the (time, id) index.
const SORT: SortSpec<AuditLogSortField> = {
  fields: { time: sql`l.time` },
  default: { field: 'time', asc: false },
  tieBreak: sql`l.id`,
};

const FROM = sql`audit_logs l`;

// The target's name as its screen shows it (compared as text: a target id is text in the log).
const TARGET_NAME = sql`case l.target_type
  when 'agent' then (select a.username from agents g join accounts a on a.id = g.account_id
                     where g.id::text = l.target_id)
  when 'office' then (select o.office_name from offices o where o.id::text = l.target_id)
  when 'admin' then (select a.username from accounts a where a.id::text = l.target_id)
  when 'account' then (select a.username from accounts a where a.id::text = l.target_id)
  when 'site' then (select s.sitename from sites s where s.id::text = l.target_id)
  when 'link-type' then (select s.sitename || ' ' || t.typename from link_types t join sites s on s.id = t.site_id
                         where t.id::text = l.target_id)
  when 'manual' then (select m.title from site_manuals m where m.id::text = l.target_id)
  when 'custom-rate' then (select o.office_name || ', ' || s.sitename || ' ' || t.typename
                           from office_fees f join offices o on o.id = f.office_id
                           join link_types t on t.id = f.type_id join sites s on s.id = t.site_id
                           where f.type_id::text || '/' || f.office_id::text = l.target_id)
  when 'pay-period' then (select p.start::text || ' - ' || p.end::text from pay_periods p
                          where p.start::text = l.target_id)
  when 'domain' then (select d.domain from preferred_domains d where d.id::text = l.target_id)
  when 'black-list' then (select b.ip from black_list_ips b where b.id::text = l.target_id)
  when 'file' then (select f.name from files f where f.id::text = l.target_id)
  when 'option' then l.target_id
  when 'api-key' then (select k.name || ' (' || k.prefix || '…)' from api_keys k where k.id::text = l.target_id)
  when 'webhook' then (select w.name from webhook_endpoints w where w.id::text = l.target_id)
  when 'payout-batch' then (select b.period_start::text || ' - ' || p.end::text from payout_batches b
                            join pay_periods p on p.start = b.period_start where b.id::text = l.target_id)
  when 'payout' then (select x.reference from payout_lines x where x.id::text = l.target_id)
  when 'report-schedule' then (select r.kind || ', ' || r.frequency from report_schedules r
                               where r.id::text = l.target_id)
end`;

const SELECT = sql`l.id, l.time, l.account_id, l.username, l.role, l.impersonated_by, l.impersonator, l.api_key, l.ip,
  l.user_agent, l.action, l.target_type, l.target_id, l.detail, ${TARGET_NAME} as target_name,
  (select count(*)::int from audit_changes c where c.audit_id = l.id) as change_count`;

function inEasternDays(start: string, end: string) {
  const from = easternDayStart(start).toISOString();
  const until = easternDayStart(addDays(end, 1)).toISOString();
  return sql`l.time >= ${from}::timestamptz and l.time < ${until}::timestamptz`;
}

/**
 * A superadmin sees every row; an admin the rows about offices, agents, sites and money, and those about
 * its own API keys and webhooks (ADMIN_OWN_AUDIT_TARGETS), never another admin's.
 */
function visibleTo(p: Principal) {
  if (p.role === Role.Superadmin) return undefined;
  if (!hasRole(p.role, Role.Admin)) return sql`false`;
  const shared = sql`l.target_type in (${sql.join(
    ADMIN_AUDIT_TARGETS.map((t) => sql`${t}`),
    sql`, `,
  )})`;
  const ownKeys = sql`(l.target_type = 'api-key' and exists (
    select 1 from api_keys k where k.id::text = l.target_id and k.account_id = ${p.accountId}))`;
  const ownWebhooks = sql`(l.target_type = 'webhook' and exists (
    select 1 from webhook_endpoints w where w.id::text = l.target_id and w.owner_id = ${p.accountId}))`;
  return sql`(${shared} or ${ownKeys} or ${ownWebhooks})`;
}

/** An action's name stands for its routes; any other text matches a part of the route. */
function actionIs(action: string) {
  const routes = auditRoutesNamed(action);
  if (!routes.length) return contains(sql`l.action`, action);
  return sql`l.action in (${sql.join(
    routes.map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

function where(p: Principal, q: TAuditLogSearch) {
  return and([
    visibleTo(p),
    q.username
      ? sql`(${contains(sql`l.username`, q.username)} or ${contains(sql`l.impersonator`, q.username)})`
      : undefined,
    q.action ? actionIs(q.action) : undefined,
    q.targetType ? sql`l.target_type = ${q.targetType}` : undefined,
    q.targetId ? sql`l.target_id = ${q.targetId}` : undefined,
    q.start && q.end ? inEasternDays(q.start, q.end) : undefined,
  ]);
}

export function searchAuditLogs(db: Queryable, p: Principal, q: TAuditLogSearch) {
  return pagedQuery<AuditLogRecord, AuditLogSortField>(db, {
    select: SELECT,
    from: FROM,
    where: where(p, q),
    sort: SORT,
    query: q,
  });
}

/** Every matching row, newest first (or oldest, as sorted), in chunks for the CSV export. */
export function auditLogChunks(db: Queryable, p: Principal, q: TAuditLogSearch) {
  return keysetChunks<AuditLogRecord>(db, {
    select: SELECT,
    from: FROM,
    where: where(p, q),
    time: sql`l.time`,
    id: sql`l.id`,
    desc: !(q.sortField ? (q.sortAsc ?? true) : SORT.default.asc),
  });
}

/**
 * The first AUDIT_CHANGES_SHOWN changes of each row, one line per changed field: the union of the
 * fields before and after (a created row has only after, a deleted one only before).
 */
export function changesOf(db: Queryable, auditIds: (number | string)[]) {
  if (!auditIds.length) return Promise.resolve([]);
  return queryRows<AuditFieldRecord>(
    db,
    sql`select c.audit_id, c.id as change_id, c.table_name, c.row_key, c.op,
               f.name, c.before ->> f.name as before, c.after ->> f.name as after
        from (select c.*, row_number() over (partition by c.audit_id order by c.id) as n
              from audit_changes c
              where c.audit_id in (${sql.join(
                auditIds.map((id) => sql`${String(id)}::bigint`),
                sql`, `,
              )})) c
        left join lateral (
          select distinct k.name
          from jsonb_object_keys(coalesce(c.before, '{}') || coalesce(c.after, '{}')) as k(name)) f on true
        where c.n <= ${AUDIT_CHANGES_SHOWN}
        order by c.audit_id, c.id, f.name`,
  );
}
