// Sale queries: the site of a postback, and the sale row with its stats_daily increment in one statement.
import { sql, type SQL } from 'drizzle-orm';
import { EventType } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, SALE_INCREMENTS, sumIncrements } from '../stats/rollup';

export const findPostbackSite = (db: Queryable, siteId: number) =>
  queryOne<{ id: number; postback_token: string }>(
    db,
    sql`select id, postback_token from sites where id = ${siteId} and deleted_at is null`,
  );

export type RateColumn = 'payout' | 'earning' | 'lpp';
const customOrDefault = (col: string) => sql.raw(`case when f.enable then f.${col} else t.${col} end`);

/**
 * What a sale takes for `col`: the office's enabled custom rate (alias f, office_fees) else the link
 * type's (alias t); a bonus event takes the bonus_ twin. `bonus` is known, or an SQL condition per row.
 */
export function saleRate(col: RateColumn, bonus: boolean | SQL): SQL {
  if (typeof bonus === 'boolean') return customOrDefault(bonus ? `bonus_${col}` : col);
  return sql`case when ${bonus} then ${customOrDefault(`bonus_${col}`)} else ${customOrDefault(col)} end`;
}

export interface SaleRow {
  siteId: number;
  clickId: number;
  eventType: number;
  email: string | null;
  txId: string;
  /** The sale time; the database clock when absent. */
  date?: Date;
}

/**
 * In one statement: finds the click of the site, inserts its sale at the office's enabled custom rate,
 * else the link type's (bonus: the bonus fields), copying agent, office, type and referer from the
 * click, and adds it to stats_daily. `id` is undefined when the click is unknown or (site, txId) exists.
 */
export async function insertSale(db: Queryable, s: SaleRow): Promise<{ clickFound: boolean; id?: number }> {
  const rate = (col: RateColumn) => saleRate(col, s.eventType === EventType.Bonus);
  const row = await queryOne<{ click_found: boolean; id: string | number | null }>(
    db,
    sql`with click as (
          select id, type_id, agent_id, office_id, referer from clicks
          where id = ${s.clickId} and site_id = ${s.siteId}
        ), rate as (
          select c.id as click_id, c.type_id, c.agent_id, c.office_id, c.referer,
                 ${rate('payout')} as payout, ${rate('earning')} as earning, ${rate('lpp')} as lpp
          from click c
          join link_types t on t.id = c.type_id and t.deleted_at is null
          left join office_fees f on f.type_id = t.id and f.office_id = c.office_id and f.enable
        ), inserted as (
          insert into sales (date, event_type, site_id, type_id, agent_id, office_id, click_id, customer_email,
                             payout, earning, lpp, tx_id, referer)
          select coalesce(${s.date?.toISOString() ?? null}::timestamptz, now()), ${s.eventType}, ${s.siteId},
                 type_id, agent_id, office_id, click_id, ${s.email}, payout, earning, lpp, ${s.txId}, referer
          from rate
          on conflict (site_id, tx_id) do nothing
          returning *
        ), rolled as (
          insert into stats_daily (${ROLLUP_COLUMNS})
          ${sumIncrements(sql`select ${SALE_INCREMENTS} from inserted`)}
          ${ROLLUP_ON_CONFLICT}
        )
        select exists (select 1 from click) as click_found, (select id from inserted) as id`,
  );
  return { clickFound: !!row?.click_found, id: row?.id == null ? undefined : Number(row.id) };
}

export async function findSaleId(db: Queryable, siteId: number, txId: string): Promise<number | undefined> {
  const row = await queryOne<{ id: string | number }>(
    db,
    sql`select id from sales where site_id = ${siteId} and tx_id = ${txId}`,
  );
  return row ? Number(row.id) : undefined;
}
