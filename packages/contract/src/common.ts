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
/** Money events of the sales table (DESIGN.md section 9); Click is the clicks table's. */
export const EventType = { Sale: 0, Bonus: 1, Click: 2, Refund: 3, Chargeback: 4, Adjustment: 5 } as const;
export type EventType = (typeof EventType)[keyof typeof EventType];
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

/** The largest value of an int4 column: ids and counts past it are not ids. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number as an API takes it: a JSON integer, or (in a path or query string) plain decimal
 * digits. `0x10`, `1e3`, `" 1 "`, `[1]` and `true` are refused instead of silently coerced.
 */
export const wholeNumber = (min: number, max: number) =>
  z
    .union([
      z.number().int('Must be a whole number'),
      z
        .string()
        .regex(/^(0|[1-9]\d{0,15})$/, 'Must be a whole number')
        .transform(Number),
    ])
    .pipe(z.number().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`));

export const ZId = wholeNumber(1, INT4_MAX);
export const ZIdParams = z.object({ id: ZId });
const idNumber = (max: number) =>
  z
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(max, `Must be at most ${max}`);
/**
 * An id inside a JSON body: a JSON number, never a digit string (`"12"` is refused), bounded like
 * the int4 column it reaches. Paths and query strings take ZId's digits instead.
 */
export const ZIdNumber = idNumber(INT4_MAX);
/** A bigint column's id (a click) inside a JSON body: a number up to 2^53 - 1, never a string. */
export const ZBigIdNumber = idNumber(Number.MAX_SAFE_INTEGER);
export const ZIds = z.object({ ids: z.array(ZIdNumber).min(1).max(1000) });
export type TIds = z.infer<typeof ZIds>;

/** A boolean from JSON or from a query string ("true"/"false"; `z.coerce.boolean()` reads "false" as true). */
export const ZBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const CRITERION_OPERATORS = ['LIKE', 'EQ', 'BETWEEN', 'AND'] as const;

/** A search criterion; LIKE wraps the value in percent signs. */
export const ZCriterion = z.object({
  field: z.string().max(64),
  value: z.string().max(256),
  operator: z.enum(CRITERION_OPERATORS).default('LIKE'),
});
export type TCriterion = z.infer<typeof ZCriterion>;

const paging = {
  page: wholeNumber(1, 1_000_000).default(DEFAULT_PAGE),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

type Names = readonly [string, ...string[]];

/**
 * The query of one list, declared once: its sortable fields and its search fields. An unknown sort
 * field or criterion field answers 400; the web columns and search boxes use the same names.
 */
export function listQuery<const Sort extends Names, const Search extends Names = never>(spec: {
  sort: Sort;
  search?: Search;
}) {
  const field = spec.search ? z.enum(spec.search) : z.never();
  return z.object({
    ...paging,
    sortField: z.enum(spec.sort).optional(),
    sortAsc: ZBool.optional(),
    criteria: z
      .array(
        z.object({
          field,
          value: z.string().max(256),
          operator: z.enum(CRITERION_OPERATORS).default('LIKE'),
        }),
      )
      .max(20)
      .default([]),
  });
}

/** What every list query has, whatever its fields (the web list state builds it). */
export type TListQuery = {
  page: number;
  pageSize: number;
  sortField?: string;
  sortAsc?: boolean;
  criteria: TCriterion[];
};

/** Every list answers `{ items, total }`. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });
export type TList<T> = { items: T[]; total: number };

/** Sorting alone, for short lists that are not paged (sortField checked against `sort`). */
export const sortQuery = <const Sort extends Names>(sort: Sort) =>
  z.object({ sortField: z.enum(sort).optional(), sortAsc: ZBool.optional() });

export const ErrorCode = {
  Validation: 'VALIDATION_ERROR',
  InvalidToken: 'INVALID_TOKEN',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  /** An Idempotency-Key sent again with another body or to another call (answered 422). */
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
  Unavailable: 'UNAVAILABLE',
  /** The session has given its password and still owes the code of its authenticator app. */
  SecondFactorRequired: 'SECOND_FACTOR_REQUIRED',
  /** The session's role requires two-factor sign-in, and the account has yet to set it up. */
  TwoFactorEnrolmentRequired: 'TWO_FACTOR_ENROLMENT_REQUIRED',
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
