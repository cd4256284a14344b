// Link Translate's lookup: the agent and the site one tracking link names, in the caller's tenant.
import { sql } from 'drizzle-orm';
import type { TLinkTranslateQuery } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import type { Principal } from '../http/auth';
import { col, scoped, scopedSites } from '../http/tenant';

export interface LinkTranslationRecord {
  office_name: string;
  username: string;
  email: string | null;
  sitename: string;
  url: string;
}

/** One row when the agent exists and the type belongs to the site, neither deleted; else none. */
export const findLinkTranslation = (db: Queryable, p: Principal, q: TLinkTranslateQuery) =>
  queryOne<LinkTranslationRecord>(
    db,
    sql`select o.office_name, a.username, coalesce(nullif(g.email, ''), a.email) as email, s.sitename, s.url
        from agents g
        join accounts a on a.id = g.account_id
        join offices o on o.id = g.office_id
        cross join sites s
        join link_types t on t.site_id = s.id and t.id = ${q.typeId} and t.deleted_at is null
        where g.id = ${q.agentId} and s.id = ${q.siteId} and s.deleted_at is null
          and ${scoped(p, { office: col('g.office_id'), agent: col('g.id') })}
          and ${scopedSites(p, col('s.id'))}`,
  );
