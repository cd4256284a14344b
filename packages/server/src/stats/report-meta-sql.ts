// What a report needs besides its figures: the caller's sites and their link types (criteria form and
// per-type columns), and the office of an agent named in a filter. Deleted sites and types are left out.
import { sql } from 'drizzle-orm';
import {
  PayPeriodStatus,
  type TPeriod,
  type TStatsSiteOption,
  type TStatsTypeOption,
} from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import type { Principal } from '../http/auth';
import { col, scopedSites } from '../http/tenant';

export interface StatsSiteRecord {
  id: number;
  use_approve_sale: boolean;
  avp: boolean;
}

/** A live site the caller has (an office its sites, an agent its enabled ones); undefined otherwise. */
export const findStatsSite = (db: Queryable, p: Principal, siteId: number) =>
  queryOne<StatsSiteRecord>(
    db,
    sql`select s.id, s.use_approve_sale, s.avp from sites s
        where s.id = ${siteId} and s.deleted_at is null and ${scopedSites(p, col('s.id'))}`,
  );

/** The live link types of a site, by typename (the per-type columns and the type filter). */
export const siteTypes = (db: Queryable, siteId: number) =>
  queryRows<{ id: number; typename: string; bonus: boolean }>(
    db,
    sql`select t.id, t.typename, t.bonus from link_types t
        where t.site_id = ${siteId} and t.deleted_at is null
        order by lower(t.typename), t.id`,
  );

/** Whether a live site of the caller has a bonus link type or approves sales (bonus columns without a site). */
export async function anyBonusSite(db: Queryable, p: Principal, avpOnly: boolean): Promise<boolean> {
  const row = await queryOne<{ yes: boolean }>(
    db,
    sql`select exists (
          select 1 from sites s
          where s.deleted_at is null and ${scopedSites(p, col('s.id'))} ${avpOnly ? sql`and s.avp` : sql``}
            and (s.use_approve_sale or exists (
              select 1 from link_types t where t.site_id = s.id and t.deleted_at is null and t.bonus))
        ) as yes`,
  );
  return !!row?.yes;
}

/** The sites of the criteria form: the caller's live sites (suspended ones keep their history), by name. */
export const statsSiteOptions = (db: Queryable, p: Principal, avpOnly: boolean) =>
  queryRows<TStatsSiteOption>(
    db,
    sql`select s.id, s.sitename, s.avp, s.use_approve_sale as "useApproveSale" from sites s
        where s.deleted_at is null and ${scopedSites(p, col('s.id'))} ${avpOnly ? sql`and s.avp` : sql``}
        order by lower(s.sitename), s.id`,
  );

export async function statsTypeOptions(db: Queryable, siteId: number): Promise<TStatsTypeOption[]> {
  return (await siteTypes(db, siteId)).map((t) => ({ id: t.id, typename: t.typename }));
}

export const findAgentOffice = (db: Queryable, agentId: number) =>
  queryOne<{ id: number; officeId: number }>(
    db,
    sql`select id, office_id as "officeId" from agents where id = ${agentId}`,
  );

/** The closed or paid pay period that is exactly `range`, with who closed it and when; undefined otherwise. */
export const closedPayPeriod = (db: Queryable, range: TPeriod) =>
  queryOne<{ start: string; closed_at: string | Date | null; closed_by: string | null }>(
    db,
    sql`select p.start::text, p.closed_at, a.username as closed_by from pay_periods p
        left join accounts a on a.id = p.closed_by
        where p.start = ${range.start}::date and p."end" = ${range.end}::date
          and p.status <> ${PayPeriodStatus.Open}`,
  );
