// Form state every page copies: values, zod validation, field and form-level (`_form`) errors.
// @mantine/form is not installed, so this is a small hook with the same getInputProps convention.
import { useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { isApiError, isValidationError } from './api-error';
import { FORM_ERROR_KEY, issuesToErrors, splitServerErrors } from './zod-errors';

export interface InputProps<T> {
  name: string;
  value: T;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
}

export interface CheckboxProps {
  name: string;
  checked: boolean;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
}

export interface ZodForm<V extends object, O> {
  values: V;
  /** Visible errors: client errors of touched fields (all after a submit) and server errors. */
  errors: Record<string, string>;
  /** The banner text at the top of the form (server `_form`, or a client error without a path). */
  formError: string | null;
  isValid: boolean;
  setFieldValue: <K extends keyof V & string>(name: K, value: V[K]) => void;
  setValues: (values: Partial<V>) => void;
  getInputProps: <K extends keyof V & string>(name: K) => InputProps<V[K]>;
  getCheckboxProps: <K extends keyof V & string>(name: K) => CheckboxProps;
  setErrors: (errors: Record<string, string>) => void;
  setFormError: (message: string | null) => void;
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

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const clientErrors = useMemo(() => (result.success ? {} : issuesToErrors(result.error.issues)), [result]);

  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(clientErrors)) {
    if (key !== FORM_ERROR_KEY && (submitted || touched[key])) errors[key] = message;
  }
  Object.assign(errors, serverErrors);
  const formError = serverFormError ?? (submitted ? (clientErrors[FORM_ERROR_KEY] ?? null) : null);

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
    validate: () => {
      setSubmitted(true);
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
      setSubmitted(true);
      setServerFormError(null);
      if (result.success) void handler(result.data);
    },
  };
}

/**
 * Puts a VALIDATION_ERROR on the form fields and its `_form` messages in the banner; true when applied.
 * A message for a field the form has no value for (so no input shows it) goes to the banner too, so a
 * server rule is never silent. With `otherErrorsToForm` any other API error message goes to the banner
 * (login, forgot).
 */
export function applyServerErrors<V extends object, O>(
  form: Pick<ZodForm<V, O>, 'values' | 'setErrors' | 'setFormError'>,
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
    const fallback = opts.otherErrorsToForm && !Object.keys(shown).length ? err.message : null;
    form.setFormError(unshown.length ? unshown.join(' ') : fallback);
    return true;
  }
  if (opts.otherErrorsToForm && isApiError(err)) {
    form.setFormError(err.message);
    return true;
  }
  return false;
}
