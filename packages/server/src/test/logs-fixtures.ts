// Test data of the log tests: clicks and sales through the live paths (so stats_daily agrees), at
// chosen times, and bulk clicks written with their rollup increments in one statement.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { recordSale } from '../postback/service';
import { CLICK_INCREMENTS, ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, sumIncrements } from '../rollups/increments';
import { buildAgent, buildClickPath, uniqueName } from './factories';
import { flushClicks, recordClick } from '../tracking/service';

export type ClickPath = Awaited<ReturnType<typeof buildClickPath>>;

/** One click of the path's agent at `at`; answers its id. */
export async function clickAt(
  ctx: AppContext,
  path: { site: { id: number }; type: { id: number }; agent: { id: number } },
  at: string,
  opts: { ip?: string; referer?: string; userAgent?: string; invalidReason?: number } = {},
): Promise<number> {
  const click = await recordClick(ctx, {
    siteId: path.site.id,
    typeId: path.type.id,
    agentId: path.agent.id,
    ip: opts.ip ?? '10.20.30.40',
    time: new Date(at),
    referer: opts.referer ?? null,
    userAgent: opts.userAgent ?? null,
    invalidReason: opts.invalidReason,
  });
  if (!click) throw new Error('the path cannot click');
  await flushClicks(ctx);
  return click.clickId;
}

/** A sale (or bonus) of a recorded click at `at`, through the postback's own recordSale (with `ip`: a postback's). */
export async function saleAt(
  ctx: AppContext,
  siteId: number,
  clickId: number,
  at: string,
  opts: { event?: 'sale' | 'bonus'; email?: string; txId?: string; ip?: string } = {},
): Promise<number> {
  const res = await recordSale(ctx, {
    siteId,
    clickId,
    event: opts.event ?? 'sale',
    email: opts.email ?? null,
    txId: opts.txId ?? uniqueName('tx'),
    date: new Date(at),
    ip: opts.ip,
  });
  return res.saleId;
}

/** A second agent of the same office with the path's site enabled. */
export async function secondAgent(ctx: AppContext, path: ClickPath) {
  const g = await buildAgent(ctx, { officeId: path.office.id, siteIds: [path.site.id] });
  await publishChange(ctx, 'tracking');
  return { ...path, agent: g.agent, agentAccountId: g.accountId, agentUsername: g.username };
}

/**
 * `count` clicks of the path's agent, `stepMs` apart going back from `newest`, in one statement with
 * their stats_daily increments (as the click writer adds them). With `invalid`, every fifth click has an
 * invalid reason, each in turn (and is never unique, as on the click path).
 */
export async function bulkClicks(
  ctx: AppContext,
  path: ClickPath,
  count: number,
  newest: string,
  stepMs: number,
  opts: { referer?: string | null; invalid?: boolean } = {},
) {
  const reason = opts.invalid ? sql`case when i % 5 = 4 then 1 + (i / 5) % 7 else 0 end` : sql`0`;
  await ctx.db.execute(sql`
    with inserted as (
      insert into clicks (id, click_time, site_id, type_id, agent_id, office_id, ip, is_unique, referer,
                          user_agent, invalid_reason)
      select nextval('click_id_seq'), ${newest}::timestamptz - (i * ${stepMs}::float8) * interval '1 millisecond',
             ${path.site.id}, ${path.type.id}, ${path.agent.id}, ${path.office.id},
             '10.1.' || (i % 250) || '.' || (i % 199), i % 3 = 0 and ${reason} = 0,
             ${opts.referer === undefined ? 'https://ref.example/' : opts.referer}, 'bench', ${reason}
      from generate_series(0, ${count - 1}) i
      returning click_time, site_id, type_id, office_id, agent_id, is_unique, invalid_reason
    )
    insert into stats_daily (${ROLLUP_COLUMNS})
    ${sumIncrements(sql`select ${CLICK_INCREMENTS} from inserted`)}
    ${ROLLUP_ON_CONFLICT}`);
}
