// Site rules: admins list and read, superadmins change; every change reaches the click path at once.
import { eq } from 'drizzle-orm';
import {
  Role,
  SITE_TEXTS,
  type TSiteDetail,
  type TSiteFormData,
  type TSiteRow,
  type TSiteSearch,
  type TSiteStatus,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import type { Queryable } from '../db/client';
import { sites } from '../db/schema';
import type { Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { newPostbackToken } from '../postback/token';
import {
  addSiteToAllOffices,
  findSite,
  lockLiveSites,
  lockNames,
  lockSite,
  searchSites,
  setSitesStatus,
  siteNameTaken,
  softDeleteSite,
  type SiteRecord,
} from './sql';

const toRow = (r: SiteRecord): TSiteRow => ({
  id: r.id,
  sitename: r.sitename,
  type: r.type,
  typeCount: r.type_count,
  status: r.status,
  hidden: r.hidden,
  useApproveSale: r.use_approve_sale,
});

export async function listSites(ctx: AppContext, p: Principal, q: TSiteSearch) {
  const { items, total } = await searchSites(ctx.db, p, q);
  return { items: items.map(toRow), total };
}

export async function getSite(ctx: AppContext, p: Principal, id: number): Promise<TSiteDetail> {
  const r = await findSite(ctx.db, p, id);
  if (!r) throw notFound();
  return {
    ...toRow(r),
    shortname: r.shortname,
    abbr: r.abbr,
    url: r.url,
    clickParam: r.click_param,
    contactName: r.contact_name ?? '',
    email: r.email ?? '',
    phoneNum: r.phone_num ?? '',
    note: r.note ?? '',
    specialReport: r.special_report,
    avp: r.avp,
    holdDays: r.hold_days,
    // The postback secret is shown to superadmins only (DESIGN.md rule 3).
    postbackToken: p.role === Role.Superadmin ? r.postback_token : null,
  };
}

const siteColumns = (v: TSiteFormData) => ({
  sitename: v.sitename,
  shortname: v.shortname,
  abbr: v.abbr,
  url: v.url,
  clickParam: v.clickParam,
  contactName: v.contactName || null,
  email: v.email || null,
  phoneNum: v.phoneNum || null,
  type: v.type,
  note: v.note || null,
  status: v.status,
  specialReport: v.specialReport,
  useApproveSale: v.useApproveSale,
  avp: v.avp,
  holdDays: v.holdDays,
});

/** Checked inside the write's transaction, after the name lock: of two equal names at once one wins. */
async function assertNameFree(db: Queryable, sitename: string, exceptId?: number) {
  await lockNames(db, 'sites');
  if (await siteNameTaken(db, sitename, exceptId))
    throw validationError({ sitename: [SITE_TEXTS.nameTaken] });
}

export async function createSite(ctx: AppContext, v: TSiteFormData): Promise<number> {
  const id = await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, v.sitename);
    const [row] = await tx
      .insert(sites)
      .values({ ...siteColumns(v), postbackToken: newPostbackToken() })
      .returning({ id: sites.id });
    return row.id;
  });
  await publishChange(ctx, 'tracking');
  return id;
}

export async function updateSite(ctx: AppContext, id: number, v: TSiteFormData) {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockSite(tx, id))) throw notFound();
    await assertNameFree(tx, v.sitename, id);
    await tx.update(sites).set(siteColumns(v)).where(eq(sites.id, id));
  });
  // Status, url parameter and flags are what a click and a postback read.
  await publishChange(ctx, 'tracking');
}

/** All of `ids` must be live sites, else 404 and nothing changes. */
export async function changeSitesStatus(ctx: AppContext, input: TSiteStatus) {
  const ids = [...new Set(input.ids)];
  await ctx.db.transaction(async (tx) => {
    if ((await lockLiveSites(tx, ids)).length !== ids.length) throw notFound();
    await setSitesStatus(tx, ids, input.status);
  });
  await publishChange(ctx, 'tracking');
}

export async function deleteSite(ctx: AppContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockSite(tx, id))) throw notFound();
    await softDeleteSite(tx, id);
  });
  // Its links answer 404 and its postbacks are refused from now on, in every process.
  await publishChange(ctx, 'tracking');
}

export async function enableForAllOffices(ctx: AppContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockSite(tx, id))) throw notFound();
    await addSiteToAllOffices(tx, id);
  });
  await publishChange(ctx, 'tracking');
}

/** A fresh postback secret; the old one is refused from the moment this answers. */
export async function regeneratePostbackToken(ctx: AppContext, id: number): Promise<string> {
  const token = newPostbackToken();
  await ctx.db.transaction(async (tx) => {
    if (!(await lockSite(tx, id))) throw notFound();
    await tx.update(sites).set({ postbackToken: token }).where(eq(sites.id, id));
  });
  await publishChange(ctx, 'tracking');
  return token;
}
