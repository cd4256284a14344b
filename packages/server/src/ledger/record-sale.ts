// A new sale or bonus (a site's postback, or a dated sale of generated history): the row with its stats_daily
// increment in one prepared statement; the row, with the client address, is the postback's accepted log
// entry. Its rates are the office's enabled custom ones, else the link type's.
import { sql, type SQL } from 'drizzle-orm';
import { EventType, SaleStatus } from '@salesdesk/contract';
import { param, preparedStatement, queryPrepared, type PreparedStatement } from '../db/prepared';
import type { Queryable } from '../db/client';
import { ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, SALE_INCREMENTS } from '../rollups/increments';
import { fraudSuspendedSql } from '../common/fraud-suspension';
import { outboxCtes, saleData, typeValue } from './events';
import { fraudSql, SOME_HOLD, type FraudArgs } from './fraud-sql';

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
  /** The client address of a postback, kept on the row (its postback log entry). None: not a postback. */
  ip?: string | null;
}

/**
 * One statement, prepared: finds the click of the site ($1, $2), evaluates the fraud rules that are on
 * (`rules`, from $8: fraud-sql.ts), inserts its sale at the office's enabled custom rate, else the link type's (the bonus
 * statement: the bonus fields), copying agent, office, type and referer from the click, with the rules it
 * tripped, held for review when one of them is set to hold (no hold_until: only a review releases it),
 * else for the site's hold days when it has any, rejected when its agent is suspended for fraud (kept, so
 * the site's retry is a duplicate, and paying nothing), with the postback's client address ($7), adds it to
 * stats_daily (one row at most, so no grouping) and writes its event for the endpoints that take it. The row is the postback's log entry, so an acknowledged
 * sale is logged even if the process dies right after, at no extra write.
 */
// The reason a sale of an agent suspended for fraud is kept rejected, as the review queue shows it.
const BARRED_NOTE = sql.raw(`'Agent suspended for fraud'`);

function saleStatement(name: string, bonus: boolean, rules: number) {
  const { flags, review } = fraudSql(bonus, rules);
  // When a rule holds, the flags decide the status and hold time too, so the rules' CTE is materialized:
  // inlined, their lookups ran once for each use of the flags. Else the row reads them once, inlined.
  return preparedStatement(
    name,
    sql`with click as (
          select c.id, c.type_id, c.agent_id, c.office_id, c.referer, c.click_time, c.ip, c.invalid_reason,
                 coalesce(st.hold_days, 0) as hold_days, coalesce(st.use_approve_sale, false) as approve_sale,
                 coalesce(${param(3, 'timestamptz')}, now()) as at,
                 coalesce(${fraudSuspendedSql('g')}, false) as barred
          from clicks c left join sites st on st.id = ${param(2, 'int')}
          left join agents g on g.id = c.agent_id
          where c.id = ${param(1, 'bigint')} and c.site_id = ${param(2, 'int')}
        ), ruled as ${rules & SOME_HOLD ? sql`materialized` : sql``} (
          select c.*, ${flags} as flags from click c
        ), judged as (
          select r.*, ${review} as review from ruled r
        ), inserted as (
          insert into sales (date, event_type, site_id, type_id, agent_id, office_id, click_id, customer_email,
                             payout, earning, lpp, tx_id, referer, status, hold_until, postback_ip, fraud_flags, note)
          select c.at, ${param(4, 'smallint')}, ${param(2, 'int')},
                 c.type_id, c.agent_id, c.office_id, c.id, ${param(5, 'varchar')},
                 ${saleRate('payout', bonus)}, ${saleRate('earning', bonus)}, ${saleRate('lpp', bonus)},
                 ${param(6, 'varchar')}, c.referer,
                 case when c.barred then ${sql.raw(String(SaleStatus.Rejected))}
                      when c.review or c.hold_days > 0 then ${sql.raw(String(SaleStatus.Held))}
                      else ${sql.raw(String(SaleStatus.Approved))} end,
                 case when not c.barred and not c.review and c.hold_days > 0
                      then c.at + make_interval(days => c.hold_days) end,
                 ${param(7, 'varchar')}, c.flags, case when c.barred then ${BARRED_NOTE} end
          from judged c
          join link_types t on t.id = c.type_id and t.deleted_at is null
          left join office_fees f on f.type_id = t.id and f.office_id = c.office_id and f.enable
          on conflict (site_id, tx_id) where event_type in (0, 1) do nothing
          returning id, date, event_type, status, site_id, type_id, office_id, agent_id, click_id, tx_id,
                    payout, earning, lpp
        ), rolled as (
          insert into stats_daily (${ROLLUP_COLUMNS})
          select ${SALE_INCREMENTS} from inserted
          ${ROLLUP_ON_CONFLICT}
        ), ${outboxCtes(
          sql`select ${typeValue(bonus ? 'bonus.created' : 'sale.created')} as type, i.office_id, i.site_id,
                     ${saleData('i')} as data
              from inserted i`,
        )}
        select exists (select 1 from click) as click_found, (select id from inserted) as id`,
  );
}

// One variant per event and set of rules in force (fraudArgs' `on`: at most 128), made on first use.
const statements = new Map<string, PreparedStatement>();
function statementFor(bonus: boolean, rules: number): PreparedStatement {
  const name = `postback_${bonus ? 'bonus' : 'sale'}_r${rules}`;
  let s = statements.get(name);
  if (!s) statements.set(name, (s = saleStatement(name, bonus, rules)));
  return s;
}

/** Records the sale under the fraud rules `args` (fraudArgs); `id` is undefined when the click is unknown or (site, txId) exists. */
export async function insertSale(
  db: Queryable,
  s: SaleRow,
  args: FraudArgs,
): Promise<{ clickFound: boolean; id?: number }> {
  const statement = statementFor(s.eventType === EventType.Bonus, args.on);
  const [row] = await queryPrepared<{ click_found: boolean; id: string | number | null }>(db, statement, [
    s.clickId,
    s.siteId,
    s.date ?? null,
    s.eventType,
    s.email,
    s.txId,
    s.ip ?? null,
    ...args.values,
  ]);
  const id = row?.id == null ? undefined : Number(row.id);
  return { clickFound: !!row?.click_found, id };
}
