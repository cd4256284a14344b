// The option `Largest adjustment` (issue 32): an adjustment carrying more, either way, than the option's
// pesos or dollars is refused before anything is written. Compared in exact cents, never as floats.
import {
  adjustmentTooLarge,
  formatPeso,
  formatPrice,
  moneyCents,
  type TAdjustment,
} from '@salesdesk/contract';
import { largestAdjustment } from '../common/options';
import type { Queryable } from '../db/client';
import { validationError } from '../http/errors';

const abs = (cents: bigint) => (cents < 0n ? -cents : cents);

export async function assertWithinLargestAdjustment(db: Queryable, a: TAdjustment): Promise<void> {
  const max = await largestAdjustment(db);
  const errors: Record<string, string[]> = {};
  if (abs(moneyCents(a.payout)) > moneyCents(max.payout)) {
    errors.payout = [adjustmentTooLarge('Payout', formatPeso(max.payout))];
  }
  if (abs(moneyCents(a.earning)) > moneyCents(max.earning)) {
    errors.earning = [adjustmentTooLarge('Earning', formatPrice(max.earning))];
  }
  const messages = Object.values(errors).flat();
  if (messages.length) throw validationError(errors, messages.join('; '));
}
