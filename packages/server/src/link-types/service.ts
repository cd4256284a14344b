// Link type rules: admins read, superadmins change; every change reaches the click path at once.
import { eq } from 'drizzle-orm';
import {
  LINK_TYPE_TEXTS,
  Permission,
  ZLinkTypeCreate,
  ZLinkTypeUpdate,
  type TLinkType,
  type TLinkTypesQuery,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import type { Queryable } from '../db/client';
import { linkTypes } from '../db/schema';
import type { Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { lockNames } from '../sites/sql';
import { clickTarget } from '../tracking/cache';
import {
  findLinkType,
  findTypesOfSite,
  lockLinkType,
  lockLiveSite,
  siteVisible,
  softDeleteLinkType,
  typeNameTaken,
  typeSiteId,
  type LinkTypeRecord,
} from './sql';

type LinkTypeFields = z.output<typeof ZLinkTypeUpdate>;
type LinkTypeCreate = z.output<typeof ZLinkTypeCreate>;

function toLinkType(r: LinkTypeRecord, p: Principal): TLinkType {
  // What the business earns is for those allowed to see earnings (spec 2 section 6).
  const earningVisible = p.permissions.includes(Permission.EarningVisible);
  return {
    id: r.id,
    siteId: r.site_id,
    typename: r.typename,
    typealias: r.typealias,
    bbrCh: r.bbr_ch,
    username: r.username,
    url: r.url,
    payout: r.payout,
    earning: earningVisible ? r.earning : null,
    lpp: r.lpp,
    bonus: r.bonus,
    bonusPayout: r.bonus_payout,
    bonusEarning: earningVisible ? r.bonus_earning : null,
    bonusLpp: r.bonus_lpp,
    status: r.status,
  };
}

export async function listTypesOfSite(ctx: AppContext, p: Principal, siteId: number, q: TLinkTypesQuery) {
  const rows = await findTypesOfSite(ctx.db, p, siteId, q);
  // An unknown or deleted site is a 404, not an empty list.
  if (!rows.length && !(await siteVisible(ctx.db, p, siteId))) throw notFound();
  return rows.map((r) => toLinkType(r, p));
}

export async function getLinkType(ctx: AppContext, p: Principal, id: number): Promise<TLinkType> {
  const r = await findLinkType(ctx.db, p, id);
  if (!r) throw notFound();
  return toLinkType(r, p);
}

const typeColumns = (v: LinkTypeFields) => ({
  typename: v.typename,
  typealias: v.typealias,
  bbrCh: v.bbrCh,
  username: v.username,
  url: v.url,
  payout: v.payout,
  earning: v.earning,
  lpp: v.lpp,
  bonus: v.bonus,
  bonusPayout: v.bonusPayout,
  bonusEarning: v.bonusEarning,
  bonusLpp: v.bonusLpp,
  status: v.status,
});

/** The name check and the URL the redirect will build on, inside the write's transaction. */
async function assertTypeFields(db: Queryable, siteId: number, v: LinkTypeFields, exceptId?: number) {
  if (!clickTarget(v.url, 'clickid')) throw validationError({ url: ['Must be a valid URL'] });
  await lockNames(db, `types:${siteId}`);
  if (await typeNameTaken(db, siteId, v.typename, exceptId))
    throw validationError({ typename: [LINK_TYPE_TEXTS.nameTaken] });
}

export async function createLinkType(ctx: AppContext, v: LinkTypeCreate): Promise<number> {
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await lockLiveSite(tx, v.siteId))) throw notFound();
    await assertTypeFields(tx, v.siteId, v);
    const [row] = await tx
      .insert(linkTypes)
      .values({ ...typeColumns(v), siteId: v.siteId })
      .returning({ id: linkTypes.id });
    return row.id;
  });
  await publishChange(ctx, 'tracking');
  return id;
}

/** Locks the type's site, then the type (the order a site delete takes), so neither waits forever. */
async function lockTypeAndSite(db: Queryable, id: number): Promise<number> {
  const found = await typeSiteId(db, id);
  if (!found || !(await lockLiveSite(db, found.site_id)) || !(await lockLinkType(db, id))) throw notFound();
  return found.site_id;
}

export async function updateLinkType(ctx: AppContext, id: number, v: LinkTypeFields) {
  await ctx.db.transaction(async (tx) => {
    const siteId = await lockTypeAndSite(tx, id);
    await assertTypeFields(tx, siteId, v, id);
    await tx.update(linkTypes).set(typeColumns(v)).where(eq(linkTypes.id, id));
  });
  // Url, status and rates are what a click and a postback read.
  await publishChange(ctx, 'tracking');
}

export async function deleteLinkType(ctx: AppContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    await lockTypeAndSite(tx, id);
    await softDeleteLinkType(tx, id);
  });
  await publishChange(ctx, 'tracking');
}
