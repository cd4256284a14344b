// Shared shapes of every call: roles, permissions, list queries and answers, the error envelope.
import { z } from 'zod';

/** Role levels; a lower number ranks higher. */
export const Role = { Superadmin: 0, Admin: 5, Company: 10, Agent: 20 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ZRole = z.union([z.literal(0), z.literal(5), z.literal(10), z.literal(20)]);

/** True when `role` is at or above `required` (ranks run Agent, Company, Admin, Superadmin). */
export function hasRole(role: number, required: Role): boolean {
  return role <= required;
}
export const isAdmin = (role: number) => hasRole(role, Role.Admin);
export const isCompanyLevel = (role: number) => role === Role.Company;
export const isAgent = (role: number) => role === Role.Agent;

export const Permission = { ApproveAgents: 'APPROVE_AGENTS', EarningVisible: 'EARNING_VISIBLE' } as const;
export type Permission = (typeof Permission)[keyof typeof Permission];
export const ALL_PERMISSIONS: Permission[] = [Permission.ApproveAgents, Permission.EarningVisible];

export const AccountStatus = { Suspended: 0, Activated: 1 } as const;
export const EventType = { Sale: 0, Bonus: 1, Click: 2 } as const;
export const SITE_CATEGORIES = ['WEBCAMS', 'ADULT', 'DATING', 'CASINO'] as const;
export const ZSiteCategory = z.enum(SITE_CATEGORIES);
export const SITE_LIST_FILTERS = ['all', 'onlyAvailable', 'onlyAvailablePlusSuspended'] as const;
export const ZSiteListFilter = z.enum(SITE_LIST_FILTERS);
export const LOG_GROUP_BY = ['date', 'agent', 'company', 'detail'] as const;
export const ZLogGroupBy = z.enum(LOG_GROUP_BY);

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const USERNAME_MAX = 10;
export const UNAPPROVED_POLL_MS = 5000;
export const NOTE_LIFETIME_MS = 3000;
export const SALE_LOG_REFRESH_MS = 60000;
export const DEFAULT_PREFERRED_DOMAIN_ID = 1;
export const STORAGE_KEYS = { token: 'token', me: 'me', alertState: 'alert-state' } as const;

export const ZId = z.coerce.number().int().positive();
export const ZIdParams = z.object({ id: ZId });
export const ZIds = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });
export type TIds = z.infer<typeof ZIds>;

/** A search criterion; LIKE wraps the value in percent signs. */
export const ZCriterion = z.object({
  field: z.string().max(64),
  value: z.string().max(256),
  operator: z.enum(['LIKE', 'EQ', 'BETWEEN', 'AND']).default('LIKE'),
});
export type TCriterion = z.infer<typeof ZCriterion>;

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortField: z.string().max(64).optional(),
  sortAsc: z.coerce.boolean().optional(),
  criteria: z.array(ZCriterion).max(20).default([]),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** Every list answers `{ items, total }`. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });
export type TList<T> = { items: T[]; total: number };

export const ZSort = z.object({
  sortField: z.string().max(64).optional(),
  sortAsc: z.coerce.boolean().optional(),
});

export const ErrorCode = {
  Validation: 'VALIDATION_ERROR',
  InvalidToken: 'INVALID_TOKEN',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The body of every error answer. VALIDATION_ERROR carries `{ field: [messages], _form: [messages] }`. */
export const ZErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZOk = z.object({ ok: z.literal(true) });
export const OK = { ok: true as const };

/** Money travels as a decimal string with at most 2 decimals ("12.50"); never as float arithmetic. */
export const ZMoney = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), 'Must be a decimal number, min 0');
