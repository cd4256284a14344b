// Form state: values, zod validation, field and form-level (`_form`) errors, and the save path every form
// page takes (save, success note, navigate, else the server's errors on the fields): `useForm`.
// @mantine/form is not installed, so this is a small hook with the same getInputProps convention.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { CheckboxProps, InputProps } from '../ui/field';
import { showNote, type TNoteInput } from '../ui/notes';
import { isApiError, isValidationError } from './api-error';
import { focusFirstError } from './focus-first-error';
import { FORM_ERROR_KEY, issuesToErrors, splitServerErrors } from './zod-errors';

/** The banner of a refused save (the server's VALIDATION_ERROR message says the same). */
export const FIX_FIELDS_MESSAGE = 'Please correct the marked fields';

export type { CheckboxProps, InputProps } from '../ui/field';

export interface ZodForm<V extends object, O> {
  values: V;
  /** Visible errors: client errors of touched fields (all after a submit) and server errors. */
  errors: Record<string, string>;
  /**
   * The banner at the top of the form, one message a line: after a refused save 'Please correct the marked
   * fields', then server `_form` messages and those of fields the form lacks.
   */
  formError: string | null;
  isValid: boolean;
  setFieldValue: <K extends keyof V & string>(name: K, value: V[K]) => void;
  setValues: (values: Partial<V>) => void;
  getInputProps: <K extends keyof V & string>(name: K) => InputProps<V[K]>;
  getCheckboxProps: <K extends keyof V & string>(name: K) => CheckboxProps;
  setErrors: (errors: Record<string, string>) => void;
  setFormError: (message: string | null) => void;
  /** After the next render, scrolls the first marked field into view and focuses it. */
  revealErrors: () => void;
  /** Shows every client error; true when the values pass the schema. */
  validate: () => boolean;
  reset: (values?: V) => void;
  /** A submit handler that validates and then calls `handler` with the parsed values. */
  onSubmit: (handler: (data: O) => unknown) => (event?: FormEvent) => void;
}

/** The new value from a change event (inputs, checkboxes) or a plain value (Mantine selects, dates). */
function eventValue(eventOrValue: unknown): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'currentTarget' in eventOrValue) {
    const target = eventOrValue.currentTarget;
    if (target instanceof HTMLInputElement && target.type === 'checkbox') return target.checked;
    if (target && typeof target === 'object' && 'value' in target) return target.value;
  }
  return eventOrValue;
}

export function useZodForm<V extends object, O>(
  schema: z.ZodType<O, V>,
  initialValues: NoInfer<V>,
): ZodForm<V, O> {
  const [values, setValuesState] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [serverFormError, setServerFormError] = useState<string | null>(null);
  const [revealRequest, setRevealRequest] = useState(0);
  const formElement = useRef<HTMLFormElement | null>(null);
  const revealErrors = () => setRevealRequest((n) => n + 1);

  // Runs after the marks are rendered; the form submitted last, else the page, is searched.
  useEffect(() => {
    if (revealRequest) focusFirstError(formElement.current ?? document);
  }, [revealRequest]);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const clientErrors = useMemo(() => (result.success ? {} : issuesToErrors(result.error.issues)), [result]);

  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(clientErrors)) {
    if (key !== FORM_ERROR_KEY && (submitted || touched[key])) errors[key] = message;
  }
  Object.assign(errors, serverErrors);
  const clientFormError =
    submitted && !result.success ? (clientErrors[FORM_ERROR_KEY] ?? FIX_FIELDS_MESSAGE) : null;
  const formError = serverFormError ?? clientFormError;

  const setFieldValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValuesState((prev) => ({ ...prev, [name]: value }));
    setServerErrors((prev) => {
      if (!(name in prev)) return prev;
      const { [name]: _dropped, ...rest } = prev;
      return rest;
    });
  };
  const touch = (name: string) => setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true }));

  const getInputProps = <K extends keyof V & string>(name: K): InputProps<V[K]> => ({
    name,
    value: values[name],
    onChange: (e) => setFieldValue(name, eventValue(e) as V[K]),
    onBlur: () => touch(name),
    error: errors[name],
  });

  return {
    values,
    errors,
    formError,
    isValid: result.success,
    setFieldValue,
    setValues: (partial) => setValuesState((prev) => ({ ...prev, ...partial })),
    getInputProps,
    getCheckboxProps: (name) => {
      const { value, ...rest } = getInputProps(name);
      return { ...rest, checked: Boolean(value) };
    },
    setErrors: setServerErrors,
    setFormError: setServerFormError,
    revealErrors,
    validate: () => {
      setSubmitted(true);
      if (!result.success) revealErrors();
      return result.success;
    },
    reset: (next) => {
      setValuesState(next ?? initialValues);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
      setServerFormError(null);
    },
    onSubmit: (handler) => (event) => {
      event?.preventDefault();
      if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
      setSubmitted(true);
      setServerFormError(null);
      if (result.success) void handler(result.data);
      else revealErrors();
    },
  };
}

/**
 * Puts a VALIDATION_ERROR on the form fields and says so in the banner, then brings the first marked field
 * into view and focus; true when applied. The banner holds the server's message when a field is marked, then
 * the `_form` messages and those of fields the form has no value for (so no input shows them): a server
 * rule is never silent. With `otherErrorsToForm` any other API error message goes to the banner (login, forgot).
 */
export function applyServerErrors<V extends object, O>(
  form: Pick<ZodForm<V, O>, 'values' | 'setErrors' | 'setFormError'> &
    Partial<Pick<ZodForm<V, O>, 'revealErrors'>>,
  err: unknown,
  opts: { otherErrorsToForm?: boolean } = {},
): boolean {
  if (isValidationError(err)) {
    const { fields, form: formText } = splitServerErrors(err.data ?? {});
    const shown: Record<string, string> = {};
    const unshown: string[] = formText ? [formText] : [];
    for (const [key, message] of Object.entries(fields)) {
      if (key in form.values) shown[key] = message;
      else unshown.push(message);
    }
    form.setErrors(shown);
    const marked = Object.keys(shown).length > 0;
    const lines = [...(marked ? [err.message || FIX_FIELDS_MESSAGE] : []), ...unshown];
    const fallback = opts.otherErrorsToForm ? err.message : null;
    form.setFormError(lines.length ? [...new Set(lines)].join('\n') : fallback);
    form.revealErrors?.();
    return true;
  }
  if (opts.otherErrorsToForm && isApiError(err)) {
    form.setFormError(err.message);
    return true;
  }
  return false;
}

/**
 * After a refused one-time code: the field empties for the next try and the server's message is the one
 * error shown, in the banner (not again under the field, which must not add 'Code is required' either).
 * Any other refusal stays as applyServerErrors marked it.
 */
export function retypeCode<V extends { code: string }, O>(
  err: unknown,
  form: Pick<ZodForm<V, O>, 'values' | 'reset' | 'setFormError'>,
) {
  if (!isValidationError(err) || !err.data?.code) return;
  form.reset({ ...form.values, code: '' });
  form.setFormError(err.message);
}

/** The note of a save that went through, unless a form says otherwise. */
export const SAVED_NOTE = { heading: 'Operation Complete' } as const;

export interface FormOptions<V extends object, O> {
  schema: z.ZodType<O, V>;
  initialValues: NoInfer<V>;
  /** The call; its refusal puts the server's errors on the fields (apiFetch has shown any other note). */
  save: (data: O) => Promise<unknown>;
  /** The note after a save that went through (type success); null for none. */
  success?: Omit<TNoteInput, 'type'> | null;
  /** Where a save that went through leads; `replace` takes the form's place in the history (login). */
  navigateTo?: string;
  replace?: boolean;
  /** Anything else after a save that went through (clear the password fields). */
  onSaved?: (form: ZodForm<V, O>) => void;
  /** Runs after a refusal's errors are marked (login clears its captcha, the IP form names every bad line). */
  onRefused?: (err: unknown, form: ZodForm<V, O>) => void;
  /** Other API errors go to the banner as well (login and forgot, which show no red note). */
  otherErrorsToForm?: boolean;
}

export interface SavingForm<V extends object, O> extends ZodForm<V, O> {
  /** The form's onSubmit: validates, saves, notes and navigates; else marks the fields. */
  submit: (event?: FormEvent) => void;
  /** True while the save runs. */
  saving: boolean;
}

/** A form with its save path: `<form onSubmit={form.submit}>` is all a page writes. */
export function useForm<V extends object, O>({
  schema,
  initialValues,
  save,
  success = SAVED_NOTE,
  navigateTo,
  replace,
  onSaved,
  onRefused,
  otherErrorsToForm,
}: FormOptions<V, O>): SavingForm<V, O> {
  const form = useZodForm(schema, initialValues);
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const submit = form.onSubmit(async (data) => {
    setSaving(true);
    try {
      await save(data);
    } catch (err) {
      applyServerErrors(form, err, { otherErrorsToForm });
      onRefused?.(err, form);
      setSaving(false);
      return;
    }
    setSaving(false);
    if (success) showNote({ type: 'success', ...success });
    onSaved?.(form);
    if (navigateTo !== undefined) void navigate(navigateTo, { replace });
  });
  return { ...form, submit, saving };
}
