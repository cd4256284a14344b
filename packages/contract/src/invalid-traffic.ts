// Invalid traffic (issue 35): why a click was not a person. A click keeps every request it answered; its
// reason code says which were machines or staff, and the reports count only the rest.
import { z } from 'zod';

/**
 * The reasons, in the order they are tested: when several hold, the first is kept. A click's code is
 * the reason's place here counted from 1 (clicks.invalid_reason); 0 is a valid click.
 */
export const INVALID_REASONS = [
  'BLACKLISTED_IP',
  'INTERNAL',
  'PREVIEW',
  'BOT',
  'HEAD',
  'DATACENTER',
  'REPEAT',
] as const;
export type TInvalidReason = (typeof INVALID_REASONS)[number];
export const ZInvalidReason = z.enum(INVALID_REASONS, 'Choose a reason');

export const VALID_CLICK = 0;
export const invalidReasonCode = (r: TInvalidReason) => INVALID_REASONS.indexOf(r) + 1;
/** The reason of code `code`, or null for a valid click (and a code this version does not know). */
export const invalidReasonOf = (code: number): TInvalidReason | null => INVALID_REASONS[code - 1] ?? null;

/** How a reason is treated: a valid click, a kept but flagged one, or (for machines) a 404 and a count. */
export const INVALID_MODES = ['count', 'flag', 'refuse'] as const;
export type TInvalidMode = (typeof INVALID_MODES)[number];
/** Only a machine's request may be refused: a person behind a staff or repeated click still gets the site. */
export const REFUSABLE_REASONS: readonly TInvalidReason[] = ['BOT', 'PREVIEW', 'DATACENTER'];
export const modesOf = (r: TInvalidReason): readonly TInvalidMode[] =>
  REFUSABLE_REASONS.includes(r) ? INVALID_MODES : INVALID_MODES.filter((m) => m !== 'refuse');
export const defaultModeOf = (r: TInvalidReason): TInvalidMode => (r === 'DATACENTER' ? 'count' : 'flag');

/** How the screens name each reason (labels, the click log, the reports' drill-down). */
export const INVALID_REASON_LABELS: Record<TInvalidReason, string> = {
  BLACKLISTED_IP: 'Black listed IP',
  INTERNAL: 'Internal traffic',
  PREVIEW: 'Link preview',
  BOT: 'Bot',
  HEAD: 'HEAD request',
  DATACENTER: 'Data center',
  REPEAT: 'Repeat',
};

/** The query parameter that marks a click as staff testing its own link. */
export const INTERNAL_TEST_PARAM = 'sd_test';
