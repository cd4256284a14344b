// Tracking links: the link codes list and the click path the Link Translate page decodes (DESIGN.md rule 1).
import { z } from 'zod';
import { ZId, ZIdNumber } from './common';

/** The click redirect path under the link base: {base}/api/links/go/{siteId}/{typeId}/{agentId}. */
export const CLICK_PATH = '/api/links/go';

/** Finds api/links/go/{siteId}/{typeId}/{agentId} in any text (Link Translate). */
export const TRACKING_LINK_PATTERN = /api\/links\/go\/(\d+)\/(\d+)\/(\d+)/;

export const ZLinksListRequest = z.object({
  siteId: ZIdNumber,
  agentId: ZIdNumber,
});
export type TLinksListRequest = z.infer<typeof ZLinksListRequest>;

export const ZLinkRow = z.object({ sitename: z.string(), typename: z.string(), link: z.string() });
export type TLinkRow = z.infer<typeof ZLinkRow>;
export const ZLinksList = z.array(ZLinkRow);

/** The tracking link of one link type for one agent; `base` has no trailing slash. */
export function trackingLink(base: string, siteId: number, typeId: number, agentId: number): string {
  return `${base}${CLICK_PATH}/${siteId}/${typeId}/${agentId}`;
}

/** Decodes a tracking link (or any text holding one); null when the pattern is absent. */
export function decodeTrackingLink(text: string): { siteId: number; typeId: number; agentId: number } | null {
  const m = TRACKING_LINK_PATTERN.exec(text);
  return m ? { siteId: Number(m[1]), typeId: Number(m[2]), agentId: Number(m[3]) } : null;
}

/** GET links/translate: the agent and site a decoded tracking link names (Link Translate, admins and above). */
export const ZLinkTranslateQuery = z.object({ siteId: ZId, typeId: ZId, agentId: ZId });
export type TLinkTranslateQuery = z.infer<typeof ZLinkTranslateQuery>;

/** `agentName` is the agent's username (spec 2 section 3: the decoded agent is officeName, username, email). */
export const ZLinkTranslation = z.object({
  officeName: z.string(),
  agentName: z.string(),
  agentEmail: z.string(),
  siteName: z.string(),
  siteUrl: z.string(),
});
export type TLinkTranslation = z.infer<typeof ZLinkTranslation>;
export const LINK_NOT_FOUND = 'No agent and site match this link';

/** The widths a link code may be shortened to (spec 2 section 2.12); 30 is the default. */
export const LINK_TRUNCATE_LENGTHS = [20, 15, 30] as const;
export type TLinkTruncateLength = (typeof LINK_TRUNCATE_LENGTHS)[number];
export const DEFAULT_LINK_TRUNCATE: TLinkTruncateLength = 30;
