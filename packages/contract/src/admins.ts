// Admins (superadmin only): the list, the Add Admin / Update Admin form. An admin is an account of
// role 5 with three flags (accounts.earning_visible, approve_agents, show_suspend).
import { z } from 'zod';
import { checkPasswords, passwordPair } from './auth';
import { USERNAME_TOO_LONG } from './agents';
import { listOf, listQuery, USERNAME_MAX } from './common';
import { ZEmail, ZUsername } from './identity';

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

/** The username rule of admins and agents: a storable username of at most USERNAME_MAX characters. */
export const ZUsernameField = z.string().trim().pipe(ZUsername.max(USERNAME_MAX, USERNAME_TOO_LONG));

const adminFields = {
  email: z.string().trim().min(1, 'Email is required').pipe(ZEmail),
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
