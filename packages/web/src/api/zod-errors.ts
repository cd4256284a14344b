// The zod resolver of useZodForm: issues to `{ [path]: first message }`, and server errors to the same shape.

/** The part of a zod issue the resolver needs. */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Key of the form-level error (the banner at the top of a form). */
export const FORM_ERROR_KEY = '_form';

/** One message per field path ('a.b.0'); an issue without a path is a form-level error. */
export function issuesToErrors(issues: readonly IssueLike[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : FORM_ERROR_KEY;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Splits server VALIDATION_ERROR data into first-message field errors and the joined `_form` text. */
export function splitServerErrors(data: Record<string, string[]>): {
  fields: Record<string, string>;
  form: string | null;
} {
  const fields: Record<string, string> = {};
  let form: string | null = null;
  for (const [key, messages] of Object.entries(data)) {
    if (!messages.length) continue;
    if (key === FORM_ERROR_KEY) form = messages.join(' ');
    else fields[key] = messages[0];
  }
  return { fields, form };
}
