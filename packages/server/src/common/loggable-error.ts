// What a log line may say about an error. Database errors carry the query's parameters (drizzle's
// message and `params`, PGlite's `params`, PostgreSQL's "Failing row contains (...)" detail): a failed
// INSERT of an account would log its password hash and encrypted copy. Only named fields pass, and
// the database's own message loses what it quotes (`value "9007199254740991" is out of range`).

/** Fields of a PostgreSQL error that name things, never values. */
const DB_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'dataType', 'routine'] as const;
const MAX_CAUSES = 4;
const MAX_FRAMES = 12;

export interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggableError;
  [field: string]: string | LoggableError | undefined;
}

/** Drops drizzle's "params: ..." tail and every quoted literal a query or message may hold. */
export function safeMessage(message: string): string {
  return message
    .split(/\n?params:/)[0]
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .slice(0, 1000);
}

/** A SQLSTATE: the error is the database's own, whose message quotes input values in double quotes. */
const isDatabaseError = (fields: Record<string, unknown>) =>
  typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code);

/** The database's message without its double-quoted values; the names it quotes are in DB_FIELDS. */
const databaseMessage = (message: string) => safeMessage(message).replace(/"(?:[^"]|"")*"/g, '"…"');

/** The call frames without the first line (which repeats the unsafe message). */
function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const at = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return at.length ? at.slice(0, MAX_FRAMES).join('\n') : undefined;
}

/** A copy of `err` safe to log: its type, cleaned message, naming fields, frames and causes. */
export function loggableError(err: unknown, depth = 0): LoggableError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'a non-Error value was thrown' };
  const fields = err as unknown as Record<string, unknown>;
  const message = isDatabaseError(fields) ? databaseMessage(err.message) : safeMessage(err.message);
  const out: LoggableError = { type: err.constructor?.name || err.name, message };
  for (const f of DB_FIELDS) if (typeof fields[f] === 'string') out[f] = fields[f];
  if (typeof fields.statusCode === 'number') out.statusCode = String(fields.statusCode);
  if (depth === 0) out.stack = frames(err.stack);
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = loggableError(err.cause, depth + 1);
  return out;
}
