// Admins (superadmin only): the list, the Add Admin / Update Admin form. An admin is an account of
// role 5 with three flags (accounts.earning_visible, approve_agents, show_suspend).
import { z } from 'zod';
import { checkPasswords, passwordPair } from './auth';
import { listOf, listQuery, USERNAME_MAX } from './common';

/**
 * GET admins takes this as its query string (all optional: page 1, 50 rows, by username) and answers
 * `{ items, total }`; the spec calls it with no query, which gives the first 50 admins.
 */
export const ADMIN_SORT_FIELDS = ['username', 'email', 'regTime'] as const;
export const ZAdminsQuery = listQuery({ sort: ADMIN_SORT_FIELDS });
export type TAdminsQuery = z.infer<typeof ZAdminsQuery>;

export const ZAdminRow = z.object({
  id: z.number(),
  username: z.string(),
  plainPassword: z.string().nullable(),
  email: z.string(),
  earningVisible: z.boolean(),
  approveAgents: z.boolean(),
  showSuspend: z.boolean(),
  regTime: z.string(),
});
export type TAdminRow = z.infer<typeof ZAdminRow>;
export const ZAdminList = listOf(ZAdminRow);
export const ZAdminDetail = ZAdminRow;
export type TAdminDetail = TAdminRow;

/** Control characters (NUL above all) have no place in a name or an address. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const NO_CONTROL = 'Must not contain control characters';

/** Username rule of admins and agents: required, at most USERNAME_MAX characters. */
export const ZUsernameField = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(USERNAME_MAX, `At most ${USERNAME_MAX} characters`)
  .refine((v) => !CONTROL.test(v), NO_CONTROL);

const adminFields = {
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(128, 'At most 128 characters')
    .pipe(z.email('Enter a valid email')),
  earningVisible: z.boolean().default(false),
  approveAgents: z.boolean().default(false),
  showSuspend: z.boolean().default(false),
  ...passwordPair,
};

export const ZAdminCreate = z
  .object({ ...adminFields, username: ZUsernameField })
  .superRefine((v, ctx) => checkPasswords(v, ctx, true));
export type TAdminCreate = z.input<typeof ZAdminCreate>;

/** Update: the username is fixed after creation; a blank password keeps the old one. */
export const ZAdminUpdate = z.object(adminFields).superRefine((v, ctx) => checkPasswords(v, ctx, false));
export type TAdminUpdate = z.input<typeof ZAdminUpdate>;

export const ADMINS_EMPTY = 'No data yet';
