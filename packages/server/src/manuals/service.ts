// Site manual rules: the superadmin manages one manual per site; everyone else reads them as How to
// sell, only when the brand shows it. Html is sanitised on save.
import {
  MANUAL_HTML_REQUIRED,
  MANUAL_SITE_TAKEN,
  Role,
  type TSiteManual,
  type TSiteManualsQuery,
  ZSiteManualCreate,
  ZSiteManualUpdate,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { sanitizeRichText } from '../common/sanitize';
import type { Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import {
  deleteManual,
  findManual,
  findSitesWithoutManual,
  insertManual,
  searchManuals,
  updateManual,
} from './sql';

type ManualCreate = z.output<typeof ZSiteManualCreate>;
type ManualUpdate = z.output<typeof ZSiteManualUpdate>;

/** How to sell exists only under a brand that shows it; the superadmin's management does not depend on it. */
function assertReadable(ctx: AppContext, p: Principal) {
  if (p.role !== Role.Superadmin && !ctx.brand.showHowToSell) throw notFound();
}

/** Sanitised html; html that sanitises to nothing (only a script, say) is no manual. */
function safeHtml(html: string): string {
  const clean = sanitizeRichText(html).trim();
  if (!clean) throw validationError({ html: [MANUAL_HTML_REQUIRED] });
  return clean;
}

export function listManuals(ctx: AppContext, p: Principal, q: TSiteManualsQuery) {
  assertReadable(ctx, p);
  return searchManuals(ctx.db, p, q);
}

export async function getManual(ctx: AppContext, p: Principal, id: number): Promise<TSiteManual> {
  assertReadable(ctx, p);
  const manual = await findManual(ctx.db, p, id);
  if (!manual) throw notFound();
  return manual;
}

export const availableSites = (ctx: AppContext) => findSitesWithoutManual(ctx.db);

export async function createManual(ctx: AppContext, v: ManualCreate): Promise<number> {
  const id = await insertManual(ctx.db, { siteId: v.siteId, title: v.title, html: safeHtml(v.html) });
  if (id === undefined) throw validationError({ siteId: [MANUAL_SITE_TAKEN] });
  return id;
}

export async function changeManual(ctx: AppContext, id: number, v: ManualUpdate) {
  if (!(await updateManual(ctx.db, id, { title: v.title, html: safeHtml(v.html) }))) throw notFound();
}

export async function removeManual(ctx: AppContext, id: number) {
  if (!(await deleteManual(ctx.db, id))) throw notFound();
}
