// Demo chat logs (deterministic): over the last weeks each active agent logged a few conversations with
// clients on the sites it has enabled, in Eastern working hours, never after now.
import { sql } from 'drizzle-orm';
import { easternDayStart } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { historyDays, Rng } from './history-plan';
import { chatLogs } from '../db/schema';

const DEMO_CHAT_SEED = 20_240_701;
const CHAT_DAYS = 60;
const CHANCE_PER_DAY = 0.15;
const MINUTE_MS = 60_000;

const CLIENTS = ['maria.s', 'jdelacruz', 'kim_88', 'ana.reyes', 'mark.t', 'lovelyjoy', 'rico77', 'bea.m'];
const CONVERSATIONS = [
  'Client asked how the free trial works.\nExplained the steps and sent the link.',
  'Client could not pay with a debit card.\nSuggested another card; the client will try tonight.',
  'Client asked about the monthly plan.\nSent the promo link, client signed up.',
  'Client wanted to cancel an old account.\nPointed to the support page.',
  'Follow-up: client confirmed the sign-up went through.',
];

interface AgentSite {
  agent_id: number;
  office_id: number;
  site_ids: number[];
}

const loadAgentSites = (db: Queryable) =>
  queryRows<AgentSite>(
    db,
    sql`select g.id as agent_id, g.office_id, array_agg(x.site_id order by x.site_id) as site_ids
        from agents g join agent_sites x on x.agent_id = g.id and x.enable
        join sites s on s.id = x.site_id and s.status and s.deleted_at is null
        where g.active
        group by g.id, g.office_id order by g.id`,
  );

/** Writes the demo chat logs; answers how many. */
export async function seedDemoChatLogs(db: Queryable, opts: { now?: Date } = {}): Promise<number> {
  const now = (opts.now ?? new Date()).getTime();
  const rng = new Rng(DEMO_CHAT_SEED);
  const agents = await loadAgentSites(db);
  const rows: (typeof chatLogs.$inferInsert)[] = [];
  for (const day of historyDays({ days: CHAT_DAYS, now })) {
    const midnight = easternDayStart(day).getTime();
    for (const a of agents) {
      if (rng.next() >= CHANCE_PER_DAY) continue;
      const at = midnight + (9 * 60 + rng.int(10 * 60)) * MINUTE_MS;
      if (at > now) continue;
      rows.push({
        officeId: a.office_id,
        agentId: a.agent_id,
        siteId: rng.pick(a.site_ids),
        clientUsername: rng.pick(CLIENTS),
        conversation: rng.pick(CONVERSATIONS),
        submitTime: new Date(at),
      });
    }
  }
  if (rows.length) await db.insert(chatLogs).values(rows);
  return rows.length;
}
