// Payouts (issue 36): how an agent is paid, checked the same way by the server and the forms. Agents are
// paid in pesos by bank transfer, GCash, Maya or PayPal; one method each.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, wholeNumber, ZId, ZIdNumber } from './common';
import { ZEmail } from './identity';
import { ZDateString } from './period';
import { identityCheck } from './sign-in';

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

/** The details as the API answers them: stored, so without the typed forms' transforms. */
const walletOut = <M extends 'gcash' | 'maya'>(method: M) =>
  z.object({ method: z.literal(method), mobileNumber: z.string(), accountName: z.string() });
export const ZPayoutDetailsOut = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('bank'),
    bank: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
  }),
  walletOut('gcash'),
  walletOut('maya'),
  z.object({ method: z.literal('paypal'), email: z.string() }),
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

// ---------------------------------------------------------------------------------------------------
// Payout details on screen and in the API.

/** A change of details this recent holds the agent's payment out of a batch unless an admin confirms it. */
export const PAYOUT_CHANGE_HOLD_HOURS = 48;

/** PUT /api/profile/payout: the agent's own details, with its current password and second factor. */
export const ZOwnPayoutUpdate = z
  .object({
    details: ZPayoutDetails,
    ...identityCheck,
  })
  .strict();
export type TOwnPayoutUpdate = z.input<typeof ZOwnPayoutUpdate>;

/** PUT /api/agents/{id}/payout: an admin with the earnings permission sets or corrects them. */
export const ZAgentPayoutUpdate = z.object({ details: ZPayoutDetails }).strict();
export type TAgentPayoutUpdate = z.input<typeof ZAgentPayoutUpdate>;

/**
 * GET /api/profile/payout and GET /api/agents/{id}/payout: `details` whole for the agent itself and for
 * admins with the earnings permission, null for an office (which sees `summary` only); both null when
 * none are set.
 */
export const ZPayoutDetailsView = z.object({
  details: ZPayoutDetailsOut.nullable(),
  summary: ZPayoutSummary.nullable(),
  /** When they last changed (ISO time), and until when a batch holds the agent's payment for it. */
  changedAt: z.string().nullable(),
  heldUntil: z.string().nullable(),
});
export type TPayoutDetailsView = z.infer<typeof ZPayoutDetailsView>;

export const PAYOUT_DETAILS_TEXTS = {
  title: 'Payout details',
  method: 'Payout method',
  bank: 'Bank',
  accountName: 'Account name',
  accountNumber: 'Account number',
  mobileNumber: 'Mobile number',
  email: 'PayPal e-mail',
  none: 'No payout details yet',
  loadFailed: 'The payout details could not be loaded',
  save: 'Save payout details',
  saved: 'Payout details saved',
  /** Under the form: why a fresh change waits. */
  holdHint: `A payment to details changed less than ${PAYOUT_CHANGE_HOLD_HOURS} hours before a batch waits for the next batch unless an admin confirms it.`,
  heldUntil: (at: string) => `Changed recently: payments wait until ${at} unless an admin confirms them`,
} as const;

// ---------------------------------------------------------------------------------------------------
// Batches and lines.

/** What happened to a line: pending (in a file, not yet known), paid, failed, held (details changed
 * less than 48 hours before the batch), carried (its amount moved into a later batch's line). */
export const PAYOUT_LINE_STATUSES = ['pending', 'paid', 'failed', 'held', 'carried'] as const;
export type TPayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];
export const PAYOUT_LINE_STATUS_LABELS: Readonly<Record<TPayoutLineStatus, string>> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  held: 'Held: details changed',
  carried: 'Carried to a later batch',
};
/** The stored value of each status (payout_lines.status). */
export const PayoutLineStatus = { pending: 0, paid: 1, failed: 2, held: 3, carried: 4 } as const;
export const payoutLineStatusName = (n: number): TPayoutLineStatus =>
  PAYOUT_LINE_STATUSES[[0, 1, 2, 3, 4].indexOf(n)] ?? 'pending';

/** POST /api/payouts/batches: make the batch of a closed period (one per period). */
export const ZPayoutBatchCreate = z.object({ start: ZDateString }).strict();

export const ZPayoutBatch = z.object({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Lines and their pesos (decimal strings) per status. */
  lines: z.number().int(),
  amount: z.string(),
  paid: z.string(),
  pending: z.string(),
  failed: z.string(),
  held: z.string(),
  /** Lines of agents without payout details (pending, in no file). */
  withoutDetails: z.number().int(),
  /** The methods with pending lines: the files there are to download. */
  files: z.array(z.enum(PAYOUT_METHODS)),
});
export type TPayoutBatch = z.infer<typeof ZPayoutBatch>;
export const ZPayoutBatchList = z.object({ items: z.array(ZPayoutBatch), total: z.number().int() });

/** POST /api/payouts/batches/search. */
export const ZPayoutBatchSearch = z
  .object({
    page: wholeNumber(1, 1_000_000).default(1),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .strict();

export const ZPayoutLine = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  start: z.string(),
  end: z.string(),
  agentId: z.number().int(),
  username: z.string(),
  agentName: z.string(),
  companyId: z.number().int(),
  officeName: z.string(),
  /** Pesos: the statement's payable plus what earlier failed or held lines carried into it. */
  amount: z.string(),
  /** Of that, what came from earlier lines. */
  carriedIn: z.string(),
  /** The method and last 4 when the batch was made; null: the agent had no payout details. */
  summary: ZPayoutSummary.nullable(),
  reference: z.string(),
  status: z.enum(PAYOUT_LINE_STATUSES),
  paidOn: z.string().nullable(),
  bankReference: z.string().nullable(),
  failReason: z.string().nullable(),
  /** When an admin let a held line into the batch. */
  confirmedBy: z.string().nullable(),
});
export type TPayoutLine = z.infer<typeof ZPayoutLine>;
export const ZPayoutLineList = z.object({ items: z.array(ZPayoutLine), total: z.number().int() });

/**
 * POST /api/payouts/lines/search: a batch's lines, or one's payment history (agents their own, offices
 * their agents'), newest first.
 */
export const ZPayoutLineSearch = z
  .object({
    batchId: ZIdNumber.optional(),
    companyId: ZIdNumber.optional(),
    agentId: ZIdNumber.optional(),
    status: z.enum(PAYOUT_LINE_STATUSES).optional(),
    /** Only lines of agents without payout details. */
    withoutDetails: z.boolean().optional(),
    page: wholeNumber(1, 1_000_000).default(1),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .strict();
export type TPayoutLineSearch = z.input<typeof ZPayoutLineSearch>;

/** A bank's or payer's reference: printable ASCII, no commas or quotes (it goes back into CSVs). */
const ZBankReference = z
  .string()
  .trim()
  .min(1, 'Reference is required')
  .max(64, 'At most 64 characters')
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/, 'Use plain letters, digits and punctuation')
  .refine((s) => !/[",]/.test(s), 'No commas or quotes');

/** POST /api/payouts/lines/{id}/paid. */
export const ZPayoutLinePaid = z.object({ paidOn: ZDateString, reference: ZBankReference }).strict();
/** Whether `text` holds a control character (a line break, a NUL): a reason is one line of text. */
export const hasControl = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** POST /api/payouts/lines/{id}/failed. */
export const ZPayoutLineFailed = z
  .object({
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(1, 'Reason is required')
      .max(200, 'At most 200 characters')
      .refine((v) => !hasControl(v), 'No control characters'),
  })
  .strict();

/** POST /api/payouts/batches/{id}/results: the bank's result file as text, at most 1 MiB. */
export const PAYOUT_RESULTS_MAX_BYTES = 1024 * 1024;
export const ZPayoutResults = z
  .object({
    csv: z.string().min(1, 'The file is empty').max(PAYOUT_RESULTS_MAX_BYTES, 'The file is larger than 1 MB'),
  })
  .strict();
/** The result file's columns (a header line names them; `amount`, `reason` and `date` may be left out). */
export const PAYOUT_RESULT_COLUMNS = [
  'reference',
  'status',
  'bank reference',
  'amount',
  'reason',
  'date',
] as const;
export const ZPayoutResultsRefused = z.object({
  line: z.number().int(),
  text: z.string(),
  reason: z.string(),
});
/** What the upload did: each line paid or failed, or (nothing changed) the lines it refused and why. */
export const ZPayoutResultsDone = z.object({
  paid: z.number().int(),
  failed: z.number().int(),
  refused: z.array(ZPayoutResultsRefused),
});
export type TPayoutResultsDone = z.infer<typeof ZPayoutResultsDone>;

/** GET /api/payouts/batches/{id}/file/{method}: the payer's upload of the batch's pending lines. */
export const ZPayoutFileParams = z.object({ id: ZId, method: z.enum(PAYOUT_METHODS) });
/** The file a method's lines go in: bank, e-wallet (GCash and Maya together), PayPal. */
export const PAYOUT_FILE_HEADERS = {
  bank: ['Account name', 'Account number', 'Bank', 'Amount', 'Reference'],
  wallet: ['Mobile number', 'Name', 'Amount', 'Reference'],
  // PayPal Payouts' CSV has no header: email, amount, currency, note (the reference here).
  paypal: [],
} as const;

/** The minimum payout option (System Options, pesos; 0: every positive balance is paid). */
export const MINIMUM_PAYOUT_DEFAULT = '0';
export const MINIMUM_PAYOUT_LABEL = 'Minimum payout (₱)';
export const MINIMUM_PAYOUT_INVALID = 'Minimum payout must be an amount in pesos from 0 to 1000000';
export const ZMinimumPayout = z
  .string({ error: MINIMUM_PAYOUT_INVALID })
  .trim()
  .regex(/^(0|[1-9]\d{0,6})(\.\d{1,2})?$/, MINIMUM_PAYOUT_INVALID)
  .refine((v) => Number(v) <= 1_000_000, MINIMUM_PAYOUT_INVALID);

export const PAYOUT_TEXTS = {
  title: 'Payouts',
  makeBatch: 'Make batch',
  period: 'Closed period',
  noBatches: 'No payout batches yet',
  noLines: 'No payout lines',
  withoutDetails: 'Agents without payout details',
  batchExists: 'This period already has a batch',
  notClosed: 'Only a closed period can be paid in a batch',
  download: (label: string) => `Download ${label} file`,
  upload: 'Upload result file',
  markPaid: 'Paid',
  markFailed: 'Failed',
  retry: 'Retry',
  confirm: 'Confirm',
  confirmText: 'Pay this line in this batch although its details changed less than 48 hours ago?',
  notPending: 'Only a pending or held line can be marked paid or failed',
  notFailed: 'Only a failed line can be retried',
  notHeld: 'Only a held line can be confirmed',
  paymentHistory: 'Payment history',
  minimumCarried: (minimum: string) =>
    `Below the minimum payout of ${minimum}: carried into the next statement.`,
} as const;
