// The payout details fields (issue 36), shared by the agent's own form (Profile) and an admin's (the agent
// form): the method, then that method's fields. The values are flat strings; the contract's ZPayoutDetails
// checks the chosen method's fields, and its messages land on those fields.
import { Select, TextInput } from '@mantine/core';
import { z } from 'zod';
import {
  PAYOUT_DETAILS_TEXTS as T,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  ZPayoutDetails,
  type TPayoutDetails,
  type TPayoutDetailsView,
} from '@salesdesk/contract';
import { ApiError, isValidationError } from '../api/api-error';
import type { InputProps } from '../ui/field';

export const METHOD_REQUIRED = 'Payout method is required';

export interface PayoutFieldValues {
  /** A TPayoutMethod, or '' before one is chosen. */
  method: string;
  bank: string;
  accountName: string;
  accountNumber: string;
  mobileNumber: string;
  email: string;
}
type PayoutField = keyof PayoutFieldValues;

export const BLANK_PAYOUT: PayoutFieldValues = {
  method: '',
  bank: '',
  accountName: '',
  accountNumber: '',
  mobileNumber: '',
  email: '',
};

/** The stored details as the form's values (none: a blank form). */
export function payoutValues(view: Pick<TPayoutDetailsView, 'details'> | undefined): PayoutFieldValues {
  const d = view?.details;
  if (!d) return BLANK_PAYOUT;
  return { ...BLANK_PAYOUT, ...d };
}

/** The fields each method asks for, in order. */
const FIELDS_OF: Readonly<Record<string, readonly PayoutField[]>> = {
  bank: ['bank', 'accountName', 'accountNumber'],
  gcash: ['mobileNumber', 'accountName'],
  maya: ['mobileNumber', 'accountName'],
  paypal: ['email'],
};

/** The values' fields as a plain object of strings, the input every payout form schema starts from. */
export const ZPayoutFieldValues = z.object({
  method: z.string(),
  bank: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  mobileNumber: z.string(),
  email: z.string(),
});

/**
 * The chosen method's fields checked by the contract (ZPayoutDetails): its issues are put on the fields
 * (the details' paths are the fields' names); undefined when refused.
 */
export function checkDetails(v: PayoutFieldValues, ctx: z.RefinementCtx): TPayoutDetails | undefined {
  if (!v.method) {
    ctx.addIssue({ code: 'custom', path: ['method'], message: METHOD_REQUIRED });
    return undefined;
  }
  const fields = Object.fromEntries((FIELDS_OF[v.method] ?? []).map((f) => [f, v[f]]));
  const parsed = ZPayoutDetails.safeParse({ method: v.method, ...fields });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
  return undefined;
}

/** An admin's form: the details alone (PUT agents/{id}/payout). */
export const ZPayoutDetailsForm = ZPayoutFieldValues.transform((v, ctx) => {
  const details = checkDetails(v, ctx);
  return details ? { details } : z.NEVER;
});

/**
 * The server names a refused detail `details.accountNumber`: the same error on the form's own field, so it
 * shows under it and not only in the banner.
 */
export function onDetailFields(err: unknown): unknown {
  if (!isValidationError(err) || !err.data) return err;
  const data = Object.fromEntries(Object.entries(err.data).map(([k, v]) => [k.replace(/^details\./, ''), v]));
  return new ApiError(err.status, err.code, err.message, data);
}

const METHOD_OPTIONS = PAYOUT_METHODS.map((value) => ({ value, label: PAYOUT_METHOD_LABELS[value] }));

/** The method select and the chosen method's fields. */
export function PayoutFields({
  method,
  inputProps,
}: {
  method: string;
  inputProps: (field: PayoutField) => InputProps<string>;
}) {
  const shown = FIELDS_OF[method] ?? [];
  const field = (name: PayoutField, label: string, extra: Record<string, unknown> = {}) =>
    shown.includes(name) ? <TextInput {...inputProps(name)} label={label} required {...extra} /> : null;
  return (
    <>
      <Select
        {...inputProps('method')}
        value={method || null}
        label={T.method}
        placeholder="Choose a method"
        data={METHOD_OPTIONS}
        allowDeselect={false}
        required
        w={260}
      />
      {field('bank', T.bank, { maxLength: 64 })}
      {field('mobileNumber', T.mobileNumber, { inputMode: 'tel', placeholder: '09xxxxxxxxx' })}
      {field('accountName', T.accountName, { maxLength: 128 })}
      {field('accountNumber', T.accountNumber, { inputMode: 'numeric', maxLength: 16 })}
      {field('email', T.email, { type: 'email' })}
    </>
  );
}
