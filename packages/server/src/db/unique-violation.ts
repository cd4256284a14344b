// A write that lost to a unique index: how callers tell "already there" from a real failure, on both
// stores (Drizzle wraps the driver's error in `cause`; node-postgres and PGlite both carry code and
// constraint). A pattern matches the constraint as each partition of a partitioned table names it.
export function isUniqueViolation(err: unknown, constraint: string | RegExp): boolean {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const pgError = cause as { code?: string; constraint?: string } | undefined;
  if (pgError?.code !== '23505' || pgError.constraint === undefined) return false;
  return typeof constraint === 'string'
    ? pgError.constraint === constraint
    : constraint.test(pgError.constraint);
}
