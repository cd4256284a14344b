// Preferred domains (offices submenu, superadmin) and the selectors offices use.
import { z } from 'zod';
import { listOf, listQuery, ZIds } from './common';

export const ZPreferredDomainOption = z.object({ id: z.number(), domain: z.string(), hidden: z.boolean() });
export type TPreferredDomainOption = z.infer<typeof ZPreferredDomainOption>;

/** GET preferredDomains/listWithCompanyName: one row per domain and office using it (none: null). */
export const ZPreferredDomainCompanyOption = ZPreferredDomainOption.extend({
  companyName: z.string().nullable(),
});
export type TPreferredDomainCompanyOption = z.infer<typeof ZPreferredDomainCompanyOption>;

export const DOMAIN_INITIAL = 'https://';
export const DOMAIN_MAX = 255;
export const DOMAIN_REQUIRED = 'Domain is required';
export const DOMAIN_INVALID = 'Enter an http(s) origin such as https://go.example.com';
export const DOMAIN_TAKEN = 'This domain already exists';
export const DOMAIN_TEXTS = {
  activate: 'Are you sure to activate domain?',
  hide: 'Are you sure to hide domain?',
  lastActive: 'Need at least one active domain',
  empty: 'No domains yet',
} as const;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const ORIGIN = new RegExp(`^(https?)://(${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?/?$`, 'i');
const DEFAULT_PORT: Record<string, string> = { http: '80', https: '443' };

/**
 * The origin of an http(s) URL with nothing after the host and port (one trailing slash allowed):
 * scheme and host in lower case, the scheme's default port dropped. Null for anything else.
 */
export function domainOrigin(value: string): string | null {
  const m = ORIGIN.exec(value.trim());
  if (!m) return null;
  const scheme = m[1].toLowerCase();
  const port = m[3]?.replace(/^0+(?=\d)/, '');
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  const keepPort = port !== undefined && port !== DEFAULT_PORT[scheme];
  return `${scheme}://${m[2].toLowerCase()}${keepPort ? `:${port}` : ''}`;
}

/** The domain field: required (the bare initial 'https://' counts as empty), a valid http(s) origin. */
export const ZDomainOrigin = z
  .string()
  .trim()
  .max(DOMAIN_MAX, `At most ${DOMAIN_MAX} characters`)
  .superRefine((v, ctx) => {
    if (v.length > DOMAIN_MAX) return;
    if (!v || /^https?:\/\/$/i.test(v)) ctx.addIssue({ code: 'custom', message: DOMAIN_REQUIRED });
    else if (!domainOrigin(v)) ctx.addIssue({ code: 'custom', message: DOMAIN_INVALID });
  })
  .transform((v) => domainOrigin(v) ?? v);

/** PUT preferredDomains and POST preferredDomains/{id}. */
export const ZPreferredDomainSave = z.object({
  domain: ZDomainOrigin,
  description: z.string().trim().max(1000, 'At most 1000 characters').default(''),
  hidden: z.boolean().default(false),
});
export type TPreferredDomainSave = z.infer<typeof ZPreferredDomainSave>;
export type TPreferredDomainSaveInput = z.input<typeof ZPreferredDomainSave>;

/** A domain with the names of the offices using it (the Domains list and the form). */
export const ZPreferredDomain = z.object({
  id: z.number(),
  domain: z.string(),
  description: z.string(),
  hidden: z.boolean(),
  companies: z.array(z.string()),
});
export type TPreferredDomain = z.infer<typeof ZPreferredDomain>;

export const DOMAIN_SORT_FIELDS = ['id', 'domain'] as const;
export type TDomainSortField = (typeof DOMAIN_SORT_FIELDS)[number];
export const ZPreferredDomainsQuery = listQuery({ sort: DOMAIN_SORT_FIELDS });
export const ZPreferredDomainList = listOf(ZPreferredDomain);

/** POST preferredDomains/hidden: hide or activate domains. */
export const ZPreferredDomainsHidden = ZIds.extend({ hidden: z.boolean() });
export type TPreferredDomainsHidden = z.infer<typeof ZPreferredDomainsHidden>;
