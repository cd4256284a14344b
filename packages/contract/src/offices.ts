// Offices (companies): list, form, status changes and the office selectors.
import { z } from 'zod';
import { checkPasswords, passwordPair } from './auth';
import { INT4_MAX, listOf, listQuery, wholeNumber, ZIdNumber } from './common';
import { ZEmail, ZUsername } from './identity';

export const OFFICE_SORT_FIELDS = [
  'officeName',
  'agentsCount',
  'sitesCount',
  'username',
  'active',
  'regTime',
] as const;
export const OFFICE_SEARCH_FIELDS = ['username'] as const;
export type TOfficeSortField = (typeof OFFICE_SORT_FIELDS)[number];
export const ZOfficeSearch = listQuery({ sort: OFFICE_SORT_FIELDS, search: OFFICE_SEARCH_FIELDS });
export type TOfficeSearch = z.infer<typeof ZOfficeSearch>;

export const ZOfficeRow = z.object({
  id: z.number(),
  companyId: z.number(),
  officeName: z.string(),
  username: z.string(),
  plainPassword: z.string().nullable(),
  preferredDomainId: z.number().nullable(),
  preferredDomain: z.string().nullable(),
  agentsCount: z.number(),
  sitesCount: z.number(),
  active: z.boolean(),
  hidden: z.boolean(),
  regTime: z.string(),
});
export type TOfficeRow = z.infer<typeof ZOfficeRow>;
export const ZOfficeList = listOf(ZOfficeRow);

const officeFields = {
  officeName: z.string().trim().min(1, 'Office name is required').max(128),
  manFirstName: z.string().trim().min(1, 'First name is required').max(64),
  manLastName: z.string().trim().min(1, 'Last name is required').max(64),
  manEmail: z
    .union([z.literal(''), ZEmail])
    .optional()
    .default(''),
  agentNotes: z.string().max(100_000).optional().default(''),
  preferredDomainId: ZIdNumber.nullable().optional(),
  siteIds: z.array(ZIdNumber).max(1000).default([]),
  active: z.boolean().default(true),
  ...passwordPair,
};

export const ZOfficeCreate = z
  .object({ ...officeFields, username: ZUsername })
  .superRefine((v, ctx) => checkPasswords(v, ctx, true));
export type TOfficeCreate = z.input<typeof ZOfficeCreate>;

/** Update: the username is fixed after creation; a blank password keeps the old one. */
export const ZOfficeUpdate = z.object(officeFields).superRefine((v, ctx) => checkPasswords(v, ctx, false));
export type TOfficeUpdate = z.input<typeof ZOfficeUpdate>;

export const ZOfficeDetail = z.object({
  id: z.number(),
  companyId: z.number(),
  /** The office's own account (a superadmin ends its sessions or resets its two-factor sign-in). */
  accountId: z.number(),
  officeName: z.string(),
  manFirstName: z.string(),
  manLastName: z.string(),
  manEmail: z.string(),
  username: z.string(),
  plainPassword: z.string().nullable(),
  agentNotes: z.string(),
  preferredDomainId: z.number().nullable(),
  preferredDomain: z.string().nullable(),
  siteIds: z.array(z.number()),
  active: z.boolean(),
  hidden: z.boolean(),
  regTime: z.string(),
});
export type TOfficeDetail = z.infer<typeof ZOfficeDetail>;

/** Activate/suspend (active) or show/hide (hidden) offices together with all their agents. */
export const ZOfficeStatus = z
  .object({
    ids: z.array(ZIdNumber).min(1).max(1000),
    active: z.boolean().optional(),
    hidden: z.boolean().optional(),
  })
  .refine((v) => (v.active === undefined) !== (v.hidden === undefined), {
    message: 'Give either active or hidden',
    path: ['_form'],
  });
export type TOfficeStatus = z.infer<typeof ZOfficeStatus>;

export const ZCompanyOption = z.object({ id: z.number(), officeName: z.string(), active: z.boolean() });
export type TCompanyOption = z.infer<typeof ZCompanyOption>;
export const ZCompaniesQuery = z.object({ onlyAvailable: z.stringbool().optional() });

export const AGENTS_QUERY_MODES = ['All', 'Available', 'AvailablePlusSuspended'] as const;
export type TCompaniesAgentsMode = (typeof AGENTS_QUERY_MODES)[number];
export const ZCompanyAgentsQuery = z.object({
  companyId: wholeNumber(1, INT4_MAX).optional(),
  agentsQuery: z.enum(AGENTS_QUERY_MODES).default('All'),
});
export const ZAgentOption = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyId: z.number(),
  active: z.boolean(),
});
export type TAgentOption = z.infer<typeof ZAgentOption>;

export const CONFIRM_TEXTS = {
  suspendOffice: 'Are you sure to suspend office and all agents?',
  activateOffices: 'Are you sure to activate selected offices and all they agents?',
  showHideOffice: 'Are you sure to show/hide office and all agents?',
} as const;
