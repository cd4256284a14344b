// Agents: list, form (Add Agent / Update Agent), status changes and delete (spec 1 sections 2-8).
import { z } from 'zod';
import { checkPasswords, passwordPair } from './auth';
import { listOf, listQuery, USERNAME_MAX, ZId, ZIdNumber } from './common';
import { ZEmail, ZUsername } from './identity';

export const AGENT_SORT_FIELDS = [
  'username',
  'officeName',
  'regTime',
  'lastLoginTime',
  'loginCount',
  'active',
  'sitesCount',
] as const;
/**
 * `username` is a LIKE criterion; `companyId` (the office, as the offices list links it:
 * /app/agents?companyId={id}) is compared for equality whatever the operator, and must be an id.
 */
export const AGENT_SEARCH_FIELDS = ['username', 'companyId'] as const;

// PostgreSQL text cannot hold NUL: refusing it here keeps such input a 400 instead of a 500.
const NUL = '\u0000';
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** The list query; agents waiting for approval are not listed (they are on /app/unapprove). */
export const ZAgentSearch = listQuery({ sort: AGENT_SORT_FIELDS, search: AGENT_SEARCH_FIELDS }).superRefine(
  (q, ctx) => {
    for (const c of q.criteria) {
      if (c.value.includes(NUL))
        ctx.addIssue({ code: 'custom', path: ['criteria'], message: 'Invalid text' });
      // A criterion's value is text: an id there is the digits of a query string (ZId).
      if (c.field === 'companyId' && !ZId.safeParse(c.value.trim()).success)
        ctx.addIssue({ code: 'custom', path: ['criteria'], message: 'Must be a whole number' });
    }
  },
);
export type TAgentSearch = z.infer<typeof ZAgentSearch>;

export const ZAgentRow = z.object({
  id: z.number(),
  companyId: z.number(),
  officeId: z.number(),
  officeName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  plainPassword: z.string().nullable(),
  email: z.string(),
  active: z.boolean(),
  hidden: z.boolean(),
  /** False while the agent waits on New Agents (an office's new agent). */
  approved: z.boolean(),
  loginBlocked: z.boolean(),
  regTime: z.string(),
  lastLoginTime: z.string().nullable(),
  loginCount: z.number(),
  sitesCount: z.number(),
});
export type TAgentRow = z.infer<typeof ZAgentRow>;
export const ZAgentList = listOf(ZAgentRow);

export const ZAgentSite = z.object({ siteId: ZIdNumber, enable: z.boolean() });
export type TAgentSite = z.infer<typeof ZAgentSite>;

const line = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => !hasControl(s), `${label} must not contain control characters`);

export const USERNAME_TOO_LONG = `Username must be at most ${USERNAME_MAX} characters`;
export const OFFICE_REQUIRED = 'Office is required';

const agentFields = {
  /** Admins choose it (required); an office's agents are always its own. */
  officeId: ZIdNumber.nullable().optional(),
  firstName: line('First name', 64),
  lastName: line('Last name', 64),
  email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), ZEmail]))
    .optional()
    .default(''),
  mustRead: z
    .string()
    .max(100_000)
    .refine((s) => !s.includes(NUL), 'Invalid text')
    .optional()
    .default(''),
  active: z.boolean().default(true),
  /** Only sites of the agent's office; leaving it out of an update keeps the agent's sites. */
  sites: z.array(ZAgentSite).max(1000).optional(),
  ...passwordPair,
};

export const ZAgentCreate = z
  .object({
    ...agentFields,
    username: z.string().trim().pipe(ZUsername.max(USERNAME_MAX, USERNAME_TOO_LONG)),
  })
  .superRefine((v, ctx) => checkPasswords(v, ctx, true));
export type TAgentCreate = z.input<typeof ZAgentCreate>;

/** Update: the username is fixed after creation (a username sent here is ignored); a blank password keeps the old one. */
export const ZAgentUpdate = z.object(agentFields).superRefine((v, ctx) => checkPasswords(v, ctx, false));
export type TAgentUpdate = z.input<typeof ZAgentUpdate>;

/** The admin's form also needs the office (an office user's is forced server-side). */
export function requireOffice(v: { officeId?: number | null }, ctx: z.RefinementCtx) {
  if (v.officeId == null) ctx.addIssue({ code: 'custom', path: ['officeId'], message: OFFICE_REQUIRED });
}

export const ZAgentDetail = ZAgentRow.extend({
  /** The agent's account (a superadmin ends its sessions or resets its two-factor sign-in). */
  accountId: z.number(),
  mustRead: z.string(),
  /** Every site of the agent's office, with the agent's switch. */
  sites: z.array(z.object({ siteId: z.number(), sitename: z.string(), enable: z.boolean() })),
  siteIds: z.array(z.number()),
});
export type TAgentDetail = z.infer<typeof ZAgentDetail>;

/** Activate/suspend (active), show/hide (hidden) or enable/disable login (loginBlocked): exactly one. */
export const ZAgentStatus = z
  .object({
    ids: z.array(ZIdNumber).min(1).max(1000),
    active: z.boolean().optional(),
    hidden: z.boolean().optional(),
    loginBlocked: z.boolean().optional(),
  })
  .refine((v) => [v.active, v.hidden, v.loginBlocked].filter((x) => x !== undefined).length === 1, {
    message: 'Give exactly one of active, hidden or loginBlocked',
    path: ['_form'],
  });
export type TAgentStatus = z.infer<typeof ZAgentStatus>;

export const AGENT_TEXTS = {
  suspendAgent: 'Are you sure to suspend agent?',
  showHideAgent: 'Are you sure to show/hide agent?',
  activateAgents: 'Are you sure to activate selected agents?',
  suspendAgents: 'Are you sure to suspend selected agents?',
  enableLogin: 'Are you sure to enable login for selected agents?',
  disableLogin: 'Are you sure to disable login for selected agents?',
  loginTooltip: 'Enabling the login block lasts until 01:00',
  deleteConfirm: (username: string) =>
    `Are you sure you want to delete agent "${username}"? All its statistics and logs are deleted.`,
  deletedHeading: 'Deleted',
  deletedBody: (username: string) => `Agent "${username}" has been successfully deleted`,
} as const;
