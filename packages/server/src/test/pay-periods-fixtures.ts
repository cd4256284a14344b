// Test data of the pay period tests: sales of a report site at chosen Eastern times (through the live
// click path and postback), and the snapshot rows of a period read back whole.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { recordSale } from '../postback/service';
import { flushClicks, recordClick } from '../tracking/service';
import { uniqueName } from './factories';

export interface SalePath {
  site: { id: number };
  first: { id: number };
}

/** One sale (or bonus) of `agentId` on the path's first link type at `at`; answers the sale's id and txId. */
export async function saleOf(
  ctx: AppContext,
  path: SalePath,
  agentId: number,
  at: string,
  event: 'sale' | 'bonus' = 'sale',
): Promise<{ id: number; txId: string }> {
  const click = await recordClick(ctx, {
    siteId: path.site.id,
    typeId: path.first.id,
    agentId,
    ip: '10.77.0.1',
    time: new Date(at),
  });
  if (!click) throw new Error('click refused');
  await flushClicks(ctx);
  const txId = uniqueName('tx');
  const res = await recordSale(ctx, {
    siteId: path.site.id,
    clickId: click.clickId,
    event,
    txId,
    date: new Date(at),
  });
  return { id: res.saleId, txId };
}

/** Everything a period's snapshot holds, in a fixed order, for comparing before and after. */
export async function snapshotOf(db: Queryable, start: string) {
  const q = (table: string, order: string) =>
    queryRows<Record<string, unknown>>(
      db,
      sql`select * from ${sql.identifier(table)} where period_start = ${start}::date order by ${sql.raw(order)}`,
    );
  return {
    period: await queryOne<Record<string, unknown>>(
      db,
      sql`select start::text, "end"::text, status, agents_paid, payout::text, avp_payout::text,
                 avp_payout_dollars::text from pay_periods where start = ${start}::date`,
    ),
    lines: await q('pay_lines', 'day, site_id, type_id, office_id, agent_id'),
    avp: await q('pay_avp_lines', 'agent_id, week'),
    statements: await q('pay_statements', 'agent_id'),
  };
}

/** An agent's statement of a period: total, carried_in, payable, carried_out as text. */
export const statementOf = (db: Queryable, start: string, agentId: number) =>
  queryOne<{ total: string; carried_in: string; payable: string; carried_out: string }>(
    db,
    sql`select total::text, carried_in::text, payable::text, carried_out::text from pay_statements
        where period_start = ${start}::date and agent_id = ${agentId}`,
  );

/** The pay period a money row was given. */
export const payPeriodOfRow = async (db: Queryable, id: number) =>
  (await queryOne<{ p: string }>(db, sql`select pay_period::text as p from sales where id = ${id}`))?.p;
