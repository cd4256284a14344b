// Preferred-domain rules: unique origins, and at least one active domain is always left.
import {
  DOMAIN_TAKEN,
  DOMAIN_TEXTS,
  type TList,
  type TPreferredDomain,
  type TPreferredDomainSave,
  type TPreferredDomainsHidden,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import type { Queryable } from '../db/client';
import { formError, notFound, validationError } from '../http/errors';
import {
  activeDomainsBesides,
  domainOfficeOptions,
  domainOptions,
  domainsState,
  domainTaken,
  findDomain,
  insertDomain,
  lockDomains,
  searchDomains,
  setDomainsHidden,
  updateDomain,
} from './sql';

export const options = (ctx: AppContext) => domainOptions(ctx.db);
export const officeOptions = (ctx: AppContext) => domainOfficeOptions(ctx.db);

export const listDomains = (
  ctx: AppContext,
  q: Parameters<typeof searchDomains>[1],
): Promise<TList<TPreferredDomain>> => searchDomains(ctx.db, q);

export async function getDomain(ctx: AppContext, id: number): Promise<TPreferredDomain> {
  const d = await findDomain(ctx.db, id);
  if (!d) throw notFound();
  return d;
}

async function assertFree(db: Queryable, domain: string, exceptId?: number) {
  if (await domainTaken(db, domain, exceptId)) throw validationError({ domain: [DOMAIN_TAKEN] });
}

/** Refused when hiding `ids` would hide an active domain and leave none active. */
async function assertOneActiveLeft(db: Queryable, ids: number[], states: { hidden: boolean }[]) {
  const hidesActive = states.some((s) => !s.hidden);
  if (hidesActive && (await activeDomainsBesides(db, ids)) === 0) throw formError(DOMAIN_TEXTS.lastActive);
}

// Links are built from the table on each call, so they follow a domain at once; the notice is for
// any process that caches what routing reads.
const changed = (ctx: AppContext) => publishChange(ctx, 'tracking');

export async function createDomain(ctx: AppContext, v: TPreferredDomainSave): Promise<number> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockDomains(tx);
    await assertFree(tx, v.domain);
    return insertDomain(tx, v);
  });
  await changed(ctx);
  return id;
}

export async function saveDomain(ctx: AppContext, id: number, v: TPreferredDomainSave) {
  await ctx.db.transaction(async (tx) => {
    await lockDomains(tx);
    const states = await domainsState(tx, [id]);
    if (!states.length) throw notFound();
    await assertFree(tx, v.domain, id);
    if (v.hidden) await assertOneActiveLeft(tx, [id], states);
    await updateDomain(tx, id, v);
  });
  await changed(ctx);
}

/** Hides or activates domains; every id must exist, or nothing changes. */
export async function setHidden(ctx: AppContext, input: TPreferredDomainsHidden) {
  const ids = [...new Set(input.ids)];
  await ctx.db.transaction(async (tx) => {
    await lockDomains(tx);
    const states = await domainsState(tx, ids);
    if (states.length !== ids.length) throw notFound();
    if (input.hidden) await assertOneActiveLeft(tx, ids, states);
    await setDomainsHidden(tx, ids, input.hidden);
  });
  await changed(ctx);
}
