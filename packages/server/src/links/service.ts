// Link Translate: who and which site a tracking link points at (admins and above).
import { LINK_NOT_FOUND, type TLinkTranslateQuery, type TLinkTranslation } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { findLinkTranslation } from './sql';

export async function translateLink(
  ctx: AppContext,
  p: Principal,
  q: TLinkTranslateQuery,
): Promise<TLinkTranslation> {
  const r = await findLinkTranslation(ctx.db, p, q);
  if (!r) throw notFound(LINK_NOT_FOUND);
  return {
    officeName: r.office_name,
    agentName: r.username,
    agentEmail: r.email ?? '',
    siteName: r.sitename,
    siteUrl: r.url,
  };
}
