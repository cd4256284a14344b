// The New API Key form's values and their schema: each field is the contract's (ZApiKeyCreate), reached
// from what a person types: the expiry as a day (the key stops at its end, Eastern time), the allowed
// addresses one a line, the rate limit empty for the default, the code only when two-factor is on.
import { z } from 'zod';
import {
  addDays,
  API_KEY_RATE_DEFAULT,
  easternDayStart,
  isDateString,
  ZApiKeyCreate,
  ZIpOrRange,
  type TApiKeyScope,
} from '@salesdesk/contract';

const S = ZApiKeyCreate.shape;

export const EXPIRY_NOT_A_DAY = 'Enter a date (YYYY-MM-DD)';
export const notAnAddress = (line: string) => `${line} is not an IP address or a CIDR range`;

export interface ApiKeyFormValues {
  name: string;
  scopes: TApiKeyScope[];
  /** A day, YYYY-MM-DD, or empty: the key does not expire. */
  expiresAt: string;
  /** Addresses and ranges, one a line (commas and spaces also part them). */
  allowedIps: string;
  rateLimit: number | string;
  currentPassword: string;
  code: string;
}

export const blankApiKeyForm: ApiKeyFormValues = {
  name: '',
  scopes: [],
  expiresAt: '',
  allowedIps: '',
  rateLimit: '',
  currentPassword: '',
  code: '',
};

/** The instant a key given `day` stops: the start of the next day in Eastern time. */
export const expiryOf = (day: string) => easternDayStart(addDays(day, 1)).toISOString();

export const ZApiKeyForm = z.object({
  name: S.name,
  scopes: S.scopes,
  expiresAt: z
    .string()
    .trim()
    .refine((v) => v === '' || isDateString(v), EXPIRY_NOT_A_DAY)
    .transform((v): string | null | undefined => (v ? expiryOf(v) : null))
    .pipe(S.expiresAt),
  allowedIps: z
    .string()
    .transform((text, ctx): string[] | undefined => {
      const lines = text.split(/[\s,]+/).filter(Boolean);
      const bad = lines.find((line) => !ZIpOrRange.safeParse(line).success);
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: notAnAddress(bad) });
      return lines;
    })
    .pipe(S.allowedIps),
  rateLimit: z
    .union([z.number(), z.string()])
    .transform((v): number | undefined =>
      v === '' ? API_KEY_RATE_DEFAULT : typeof v === 'string' ? Number(v) : v,
    )
    .pipe(S.rateLimit),
  currentPassword: S.currentPassword,
  code: z
    .string()
    .transform((v) => v.trim() || undefined)
    .pipe(S.code),
});
