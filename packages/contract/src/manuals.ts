// Site manuals (spec 2 sections 2.7, 3, 5, 7): one html manual per site, managed by the superadmin
// on /app/site-manuals and read by everyone else on /app/how-to-sell.
import { z } from 'zod';
import { listOf, listQuery, ZIdNumber } from './common';

export const SITE_MANUAL_SORT_FIELDS = ['sitename', 'title'] as const;
export type TSiteManualSortField = (typeof SITE_MANUAL_SORT_FIELDS)[number];
/** GET site-manuals takes its sort (and paging) in the query string. */
export const ZSiteManualsQuery = listQuery({ sort: SITE_MANUAL_SORT_FIELDS });
export type TSiteManualsQuery = z.infer<typeof ZSiteManualsQuery>;

export const ZSiteManualRow = z.object({
  id: z.number(),
  siteId: z.number(),
  sitename: z.string(),
  title: z.string(),
});
export type TSiteManualRow = z.infer<typeof ZSiteManualRow>;
export const ZSiteManualList = listOf(ZSiteManualRow);

export const ZSiteManual = ZSiteManualRow.extend({ html: z.string() });
export type TSiteManual = z.infer<typeof ZSiteManual>;

/** A site that has no manual yet (GET site-manuals/available-sites). */
export const ZManualSiteOption = z.object({ id: z.number(), sitename: z.string() });
export type TManualSiteOption = z.infer<typeof ZManualSiteOption>;

export const SITE_MANUAL_TITLE_MAX = 128;
/** Editor html is at most this long (images are uploaded files, not inline data). */
export const SITE_MANUAL_HTML_MAX = 200_000;
export const MANUAL_TITLE_REQUIRED = 'Display title is required';
export const MANUAL_HTML_REQUIRED = 'The manual text is required';
export const MANUAL_SITE_REQUIRED = 'Site is required';
/** A site that is gone, deleted or already has a manual (also the loser of two creates at once). */
export const MANUAL_SITE_TAKEN = 'Choose a site that has no manual yet';

const title = z
  .string()
  .trim()
  .min(1, MANUAL_TITLE_REQUIRED)
  .max(SITE_MANUAL_TITLE_MAX, `Display title must be at most ${SITE_MANUAL_TITLE_MAX} characters`);
const html = z
  .string()
  .max(SITE_MANUAL_HTML_MAX, 'The text is too long')
  .refine((s) => s.trim().length > 0, MANUAL_HTML_REQUIRED);

export const ZSiteManualCreate = z.object({
  // The form starts with no site chosen: null is refused with the form's message.
  siteId: ZIdNumber.nullable().transform((v, ctx) => {
    if (v === null) ctx.addIssue({ code: 'custom', message: MANUAL_SITE_REQUIRED });
    return v ?? z.NEVER;
  }),
  title,
  html,
});
export type TSiteManualCreate = z.input<typeof ZSiteManualCreate>;

/** On edit the site is fixed: only the title and the html change. */
export const ZSiteManualUpdate = z.object({ title, html });
export type TSiteManualUpdate = z.input<typeof ZSiteManualUpdate>;

export const SITE_MANUALS_EMPTY = 'No data yet';
export const removeManualText = (sitename: string) => `Are your sure to remove "${sitename}" manual?`;
