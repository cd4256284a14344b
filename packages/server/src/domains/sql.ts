// Preferred-domain queries.
import { asc } from 'drizzle-orm';
import type { TPreferredDomainOption } from '@salesdesk/contract';
import type { Queryable } from '../db/client';
import { preferredDomains } from '../db/schema';

export const domainOptions = (db: Queryable): Promise<TPreferredDomainOption[]> =>
  db
    .select({ id: preferredDomains.id, domain: preferredDomains.domain, hidden: preferredDomains.hidden })
    .from(preferredDomains)
    .orderBy(asc(preferredDomains.id));
