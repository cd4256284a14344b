// Payouts (issue 36): how an agent is paid, checked the same way by the server and the forms. Agents are
// paid in pesos by bank transfer, GCash, Maya or PayPal; one method each.
import { z } from 'zod';
import { ZEmail } from './identity';

export const PAYOUT_METHODS = ['bank', 'gcash', 'maya', 'paypal'] as const;
export type TPayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Readonly<Record<TPayoutMethod, string>> = {
  bank: 'Bank transfer',
  gcash: 'GCash',
  maya: 'Maya',
  paypal: 'PayPal',
};

export const BANK_REQUIRED = 'Bank is required';
export const ACCOUNT_NAME_REQUIRED = 'Account name is required';
export const ACCOUNT_NUMBER_DIGITS = 'Account number must be 10 to 16 digits';
export const MOBILE_NUMBER_FORMAT = 'Mobile number must be 09xxxxxxxxx or +639xxxxxxxxx';

/** A Philippine mobile number as typed: 09 and nine digits, or +639 and nine digits. */
const MOBILE = /^(?:09|\+639)\d{9}$/;

/** The one form a mobile number is stored and compared in: +639 and nine digits. */
export const canonicalMobile = (typed: string) => typed.replace(/^09/, '+639');

// Plain ASCII text only, as the stored names elsewhere: a look-alike letter or a control character in a
// bank or account name would reach the bank's file as typed.
const text = (required: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, `At most ${max} characters`)
    .regex(/^[\x20-\x7e]*$/, 'Use plain letters, digits and punctuation');

const ZBankDetails = z.object({
  method: z.literal('bank'),
  bank: text(BANK_REQUIRED, 64),
  accountName: text(ACCOUNT_NAME_REQUIRED, 128),
  accountNumber: z.string().regex(/^\d{10,16}$/, ACCOUNT_NUMBER_DIGITS),
});

const wallet = <M extends 'gcash' | 'maya'>(method: M) =>
  z.object({
    method: z.literal(method),
    mobileNumber: z.string().regex(MOBILE, MOBILE_NUMBER_FORMAT).transform(canonicalMobile),
    accountName: text(ACCOUNT_NAME_REQUIRED, 128),
  });

const ZPayPalDetails = z.object({ method: z.literal('paypal'), email: ZEmail });

/** One agent's payout details, whole (what the payer's file needs), per method. */
export const ZPayoutDetails = z.discriminatedUnion('method', [
  ZBankDetails,
  wallet('gcash'),
  wallet('maya'),
  ZPayPalDetails,
]);
export type TPayoutDetails = z.output<typeof ZPayoutDetails>;
export type TPayoutDetailsInput = z.input<typeof ZPayoutDetails>;

/** The one secret figure of each method: its account number, mobile number or e-mail. */
export function payoutAccount(d: TPayoutDetails): string {
  switch (d.method) {
    case 'bank':
      return d.accountNumber;
    case 'gcash':
    case 'maya':
      return d.mobileNumber;
    case 'paypal':
      return d.email;
  }
}

/** What an office sees of an agent's details: the method and the last 4 characters of its account. */
export const ZPayoutSummary = z.object({
  method: z.enum(PAYOUT_METHODS),
  last4: z.string(),
});
export type TPayoutSummary = z.infer<typeof ZPayoutSummary>;

export const payoutSummary = (d: TPayoutDetails): TPayoutSummary => ({
  method: d.method,
  last4: payoutAccount(d).slice(-4),
});

/** How a summary reads on a screen or a statement: `GCash ••••5678`. */
export const payoutSummaryText = (s: TPayoutSummary) => `${PAYOUT_METHOD_LABELS[s.method]} ••••${s.last4}`;

/**
 * A payout line's reference, the same each time a batch of that period is made (`SD-2026-11-01-agent05`), so
 * a bank that de-duplicates by reference pays a file made twice once.
 */
export const payoutReference = (periodStart: string, username: string) => `SD-${periodStart}-${username}`;
