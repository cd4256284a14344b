// An adjustment: a signed amount of pesos and/or dollars for one agent that no postback covers, written
// as a money row of its own (event 5, site 0, type 0) with its stats_daily increments and its event in one
// statement.
import { sql } from 'drizzle-orm';
import { easternDayStart, EventType, SaleStatus, type TAdjustment } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, SALE_INCREMENTS } from '../rollups/increments';
import { outboxCtes, saleData, typeValue } from './events';

/** The txId every adjustment row carries (txIds are unique for sales and bonuses only). */
export const ADJUSTMENT_TX_ID = 'adjustment';

/**
 * Adds the adjustment, dated at the start of its Eastern day, in the agent's office; answers its id, or
 * undefined when the agent does not exist. The caller has checked the agent is in its scope.
 */
export async function addAdjustment(
  db: Queryable,
  a: Omit<TAdjustment, 'agentNote'> & { agentNote?: string | null },
  by: number | null,
): Promise<number | undefined> {
  const row = await queryOne<{ id: string }>(
    db,
    sql`with agent as (select id, office_id from agents where id = ${a.agentId}),
        inserted as (
          insert into sales (date, event_type, site_id, type_id, agent_id, office_id, payout, earning, lpp,
                             tx_id, status, note, agent_note, changed_by, changed_at)
          select ${easternDayStart(a.date).toISOString()}::timestamptz, ${EventType.Adjustment}, 0, 0, g.id,
                 g.office_id, ${a.payout}::numeric, ${a.earning}::numeric, 0, ${ADJUSTMENT_TX_ID},
                 ${SaleStatus.Approved}, ${a.note}, ${a.agentNote ?? null}, ${by}, now()
          from agent g
          returning date, event_type, status, site_id, type_id, office_id, agent_id, click_id, tx_id, payout,
                    earning, lpp, id
        ), rolled as (
          insert into stats_daily (${ROLLUP_COLUMNS})
          select ${SALE_INCREMENTS} from inserted
          ${ROLLUP_ON_CONFLICT}
        ), ${outboxCtes(
          sql`select ${typeValue('adjustment.created')} as type, i.office_id, i.site_id, ${saleData('i')} as data
              from inserted i`,
        )}
        select id::text from inserted`,
  );
  return row ? Number(row.id) : undefined;
}
