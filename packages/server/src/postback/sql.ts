// Sale queries, prepared: the site of a postback, and the sale row with its stats_daily increment in one statement.
import { sql, type SQL } from 'drizzle-orm';
import { EventType } from '@salesdesk/contract';
import type { Queryable } from '../db/client';
import { param, preparedStatement, queryPrepared } from '../db/prepared';
import { ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, SALE_INCREMENTS } from '../rollups/increments';

const SITE = preparedStatement(
  'postback_site',
  sql`select id, postback_token from sites where id = ${param(1, 'int')} and deleted_at is null`,
);

export const findPostbackSite = async (db: Queryable, siteId: number) =>
  (await queryPrepared<{ id: number; postback_token: string }>(db, SITE, [siteId]))[0];

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
 * One statement, prepared: finds the click of the site ($1, $2), inserts its sale at the office's enabled
 * custom rate, else the link type's (the bonus statement: the bonus fields), copying agent, office, type
 * and referer from the click, and adds it to stats_daily (one row at most, so no grouping).
 */
const saleStatement = (name: string, bonus: boolean) =>
  preparedStatement(
    name,
    sql`with click as (
          select id, type_id, agent_id, office_id, referer from clicks
          where id = ${param(1, 'bigint')} and site_id = ${param(2, 'int')}
        ), inserted as (
          insert into sales (date, event_type, site_id, type_id, agent_id, office_id, click_id, customer_email,
                             payout, earning, lpp, tx_id, referer)
          select coalesce(${param(3, 'timestamptz')}, now()), ${param(4, 'smallint')}, ${param(2, 'int')},
                 c.type_id, c.agent_id, c.office_id, c.id, ${param(5, 'varchar')},
                 ${saleRate('payout', bonus)}, ${saleRate('earning', bonus)}, ${saleRate('lpp', bonus)},
                 ${param(6, 'varchar')}, c.referer
          from click c
          join link_types t on t.id = c.type_id and t.deleted_at is null
          left join office_fees f on f.type_id = t.id and f.office_id = c.office_id and f.enable
          on conflict (site_id, tx_id) do nothing
          returning id, date, event_type, site_id, type_id, office_id, agent_id, payout, earning, lpp
        ), rolled as (
          insert into stats_daily (${ROLLUP_COLUMNS})
          select ${SALE_INCREMENTS} from inserted
          ${ROLLUP_ON_CONFLICT}
        )
        select exists (select 1 from click) as click_found, (select id from inserted) as id`,
  );

const INSERT_SALE = saleStatement('postback_sale', false);
const INSERT_BONUS = saleStatement('postback_bonus', true);

/** Records the sale; `id` is undefined when the click is unknown or (site, txId) exists. */
export async function insertSale(db: Queryable, s: SaleRow): Promise<{ clickFound: boolean; id?: number }> {
  const statement = s.eventType === EventType.Bonus ? INSERT_BONUS : INSERT_SALE;
  const [row] = await queryPrepared<{ click_found: boolean; id: string | number | null }>(db, statement, [
    s.clickId,
    s.siteId,
    s.date ?? null,
    s.eventType,
    s.email,
    s.txId,
  ]);
  return { clickFound: !!row?.click_found, id: row?.id == null ? undefined : Number(row.id) };
}

const SALE_ID = preparedStatement(
  'postback_sale_id',
  sql`select id from sales where site_id = ${param(1, 'int')} and tx_id = ${param(2, 'varchar')}`,
);

export async function findSaleId(db: Queryable, siteId: number, txId: string): Promise<number | undefined> {
  const [row] = await queryPrepared<{ id: string | number }>(db, SALE_ID, [siteId, txId]);
  return row ? Number(row.id) : undefined;
}
