// A write that lost to a unique index: how callers tell "already there" from a real failure, on both
// stores (Drizzle wraps the driver's error in `cause`; node-postgres and PGlite both carry code and
// constraint).
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const pgError = cause as { code?: string; constraint?: string } | undefined;
  return pgError?.code === '23505' && pgError.constraint === constraint;
}
