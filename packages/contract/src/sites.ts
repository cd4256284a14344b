// Sites and their link types. The selectors' shapes come first; the site admin calls join them later.
import { z } from 'zod';

/** A site in selectors: id and sitename (status tells suspended ones apart). */
export const ZSiteOption = z.object({ id: z.number(), sitename: z.string(), status: z.boolean() });
export type TSiteOption = z.infer<typeof ZSiteOption>;
export const ZSitesQuery = z.object({ withSuspended: z.stringbool().optional() });
