// The signed-in account's own profile (spec 2 section 2.8): agent, office (company) and admin forms.
import { z } from 'zod';
import { checkOwnPasswords, currentPassword, passwordPair } from './auth';
import { ZEmail } from './identity';

/** Required, then the stored-address rules every area shares (plain ASCII, valid, at most 128). */
const email = (required: string) => z.string().trim().min(1, required).pipe(ZEmail);

/** Admin and superadmin: email, an optional new password (with the current one) and 'Show suspended'. */
export const ZAdminProfile = z.object({
  username: z.string(),
  email: z.string(),
  showSuspend: z.boolean(),
});
export type TAdminProfile = z.infer<typeof ZAdminProfile>;
/** What 'Show suspended' does here, under its checkbox: the flag is kept, and no screen reads it. */
export const SHOW_SUSPEND_HINT =
  'A setting of the earlier back office, kept with the account. It changes nothing here: lists always show suspended offices, agents and sites, with their status.';

export const ZAdminProfileUpdate = z
  .object({
    email: email('Email is required'),
    showSuspend: z.boolean().default(false),
    ...passwordPair,
    ...currentPassword,
  })
  .superRefine((v, ctx) => checkOwnPasswords(v, ctx, false));
export type TAdminProfileUpdate = z.input<typeof ZAdminProfileUpdate>;

/** Office: its office profile; `activated` is shown, only an administrator changes it. */
export const ZCompanyProfile = z.object({
  username: z.string(),
  officeName: z.string(),
  manFirstName: z.string(),
  manLastName: z.string(),
  manEmail: z.string(),
  agentNotes: z.string(),
  activated: z.boolean(),
});
export type TCompanyProfile = z.infer<typeof ZCompanyProfile>;

export const ZCompanyProfileUpdate = z
  .object({
    officeName: z.string().trim().min(1, 'Office name is required').max(128),
    manFirstName: z.string().trim().min(1, 'First name is required').max(64),
    manLastName: z.string().trim().min(1, 'Last name is required').max(64),
    manEmail: email('Manager email is required'),
    agentNotes: z.string().max(100_000).optional().default(''),
    activated: z.boolean().optional(),
    ...passwordPair,
    ...currentPassword,
  })
  .superRefine((v, ctx) => checkOwnPasswords(v, ctx, false));
export type TCompanyProfileUpdate = z.input<typeof ZCompanyProfileUpdate>;

/** Agent: the current password, and the new one with its confirmation, all required. */
export const ZAgentProfileUpdate = z
  .object({ ...passwordPair, ...currentPassword })
  .superRefine((v, ctx) => checkOwnPasswords(v, ctx, true));
export type TAgentProfileUpdate = z.input<typeof ZAgentProfileUpdate>;

/**
 * The answer of every profile save. A new password ends the account's other sessions; `token` then
 * replaces the caller's own, which the old session version no longer opens.
 */
export const ZProfileSaved = z.object({ ok: z.literal(true), token: z.string().optional() });
export type TProfileSaved = z.infer<typeof ZProfileSaved>;

export const PROFILE_STATUS_FIXED = 'Only an administrator can change the office status';
