// Sale queries: the site of a postback, and the sale row with its stats_daily increment in one statement.
import { sql } from 'drizzle-orm';
import { EventType } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, SALE_INCREMENTS, sumIncrements } from '../stats/rollup';

export const findPostbackSite = (db: Queryable, siteId: number) =>
  queryOne<{ id: number; postback_token: string }>(
    db,
    sql`select id, postback_token from sites where id = ${siteId}`,
  );

export interface SaleRow {
  siteId: number;
  typeId: number;
  agentId: number;
  officeId: number;
  clickId: number;
  eventType: number;
  email: string | null;
  txId: string;
  referer: string | null;
  /** The sale time; the database clock when absent. */
  date?: Date;
}

/**
 * Inserts a sale at the office's enabled custom rate, else the link type's (bonus: the bonus fields),
 * and adds it to stats_daily, atomically. Answers the new id, or undefined when (site, txId) exists.
 */
export async function insertSale(db: Queryable, s: SaleRow): Promise<number | undefined> {
  // A bonus event takes the bonus_ twin of every rate column.
  const rate = (name: string) => {
    const col = s.eventType === EventType.Bonus ? `bonus_${name}` : name;
    return sql.raw(`case when f.enable then f.${col} else t.${col} end`);
  };
  const row = await queryOne<{ id: string | number }>(
    db,
    sql`with rate as (
          select ${rate('payout')} as payout, ${rate('earning')} as earning, ${rate('lpp')} as lpp
          from link_types t
          left join office_fees f on f.type_id = t.id and f.office_id = ${s.officeId} and f.enable
          where t.id = ${s.typeId}
        ), inserted as (
          insert into sales (date, event_type, site_id, type_id, agent_id, office_id, click_id, customer_email,
                             payout, earning, lpp, tx_id, referer)
          select coalesce(${s.date?.toISOString() ?? null}::timestamptz, now()), ${s.eventType}, ${s.siteId},
                 ${s.typeId}, ${s.agentId}, ${s.officeId}, ${s.clickId}, ${s.email}, payout, earning, lpp,
                 ${s.txId}, ${s.referer}
          from rate
          on conflict (site_id, tx_id) do nothing
          returning *
        ), rolled as (
          insert into stats_daily (${ROLLUP_COLUMNS})
          ${sumIncrements(sql`select ${SALE_INCREMENTS} from inserted`)}
          ${ROLLUP_ON_CONFLICT}
        )
        select id from inserted`,
  );
  return row ? Number(row.id) : undefined;
}

export async function findSaleId(db: Queryable, siteId: number, txId: string): Promise<number | undefined> {
  const row = await queryOne<{ id: string | number }>(
    db,
    sql`select id from sales where site_id = ${siteId} and tx_id = ${txId}`,
  );
  return row ? Number(row.id) : undefined;
}
