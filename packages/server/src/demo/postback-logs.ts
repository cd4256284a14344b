// The demo postback log, from the demo history's sales (which the history records without a postback
// call): each sale and bonus is made its postback's accepted entry (its site's address on the row), a few
// were repeated a minute later, and each site has refusals (a wrong token most weeks, unknown clicks, one
// flood summed into a row) plus a site id nobody has. Deterministic: derived from the sale ids and days.
// No row is dated after the moment it is seeded (the last day's refusals fall later in that day).
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { and } from '../common/list';

const siteIp = (site: string) => sql.raw(`'198.51.100.' || (10 + ${site} % 200)`);

/** The log of the sales of `siteIds` (every site when not given). */
export async function seedDemoPostbackLogs(db: Queryable, siteIds?: number[]) {
  const sold = and([
    sql`s.event_type in (0, 1)`,
    siteIds &&
      sql`s.site_id in (${sql.join(
        siteIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  ]);
  await db.execute(sql`update sales s set postback_ip = ${siteIp('s.site_id')} where ${sold}`);
  await db.execute(sql`
    insert into postback_logs (time, site_id, ip, event, tx_id, click_id, result, sale_id)
    select s.date + interval '1 minute', s.site_id, ${siteIp('s.site_id')},
           case s.event_type when 1 then 'bonus' else 'sale' end, s.tx_id, s.click_id, 'DUPLICATE', s.id
    from sales s where ${sold} and s.id % 37 = 0 and s.date + interval '1 minute' <= now()`);
  // Per site and day of the history: a wrong token on some days, an unknown click on others.
  await db.execute(sql`
    with days as (
      select distinct s.site_id, date_trunc('day', s.date) as day from sales s where ${sold}
    )
    , refusals (time, site_id, ip, event, tx_id, click_id, result, sale_id, count) as (
    select d.day + interval '13 hours 17 minutes', d.site_id, '203.0.113.' || (d.site_id % 250), 'sale',
           'old-' || d.site_id || '-' || extract(doy from d.day), null::bigint, 'WRONG_TOKEN', null::bigint,
           case when extract(doy from d.day)::int % 23 = 0 then 140 else 1 end
    from days d where extract(doy from d.day)::int % 5 = d.site_id % 5
    union all
    select d.day + interval '9 hours 41 minutes', d.site_id, ${siteIp('d.site_id')}, 'sale',
           'tx-' || d.site_id || '-' || extract(doy from d.day), 990000000 + extract(doy from d.day)::int,
           'UNKNOWN_CLICK', null::bigint, 1
    from days d where extract(doy from d.day)::int % 7 = d.site_id % 7
    union all
    select max(d.day) + interval '20 hours', 2147480000, '192.0.2.77', 'sale', 'probe', null::bigint, 'UNKNOWN_SITE',
           null::bigint, 1
    from days d having count(*) > 0
    )
    insert into postback_logs (time, site_id, ip, event, tx_id, click_id, result, sale_id, count)
    select least(r.time, now() - interval '1 minute'), r.site_id, r.ip, r.event, r.tx_id, r.click_id, r.result,
           r.sale_id, r.count
    from refusals r where r.time <= now() or r.result = 'UNKNOWN_SITE'`);
}
