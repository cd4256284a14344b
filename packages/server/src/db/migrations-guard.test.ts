// Two versions run side by side for a minute during a rolling upgrade (docs/upgrades.md): a migration
// added after the last frozen release must not break the release before it. A statement that drops,
// renames, retypes or tightens what that release reads or writes needs a `-- contract: <why the previous
// release no longer uses it>` comment before it (the drop step of add, backfill, drop). No migration
// opens or ends a transaction: each runs in one the migrator holds.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client';
import { readMigrations } from './migrate';

const RELEASE = path.join(path.dirname(MIGRATIONS_DIR), 'release-fixtures/2026-11-24-2636055/release.json');
const { lastMigration } = JSON.parse(fs.readFileSync(RELEASE, 'utf8')) as { lastMigration: string };

const BREAKING: [string, RegExp][] = [
  ['DROP COLUMN', /\bDROP\s+COLUMN\b/i],
  ['DROP TABLE', /\bDROP\s+TABLE\b/i],
  ['RENAME', /\bRENAME\b/i],
  ['ALTER COLUMN ... TYPE', /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i],
  ['SET NOT NULL', /\bSET\s+NOT\s+NULL\b/i],
];
const TRANSACTION = /(^|;)\s*(BEGIN|COMMIT|ROLLBACK|END|START\s+TRANSACTION|ABORT)\b[^;]*(;|$)/i;

/** The code of a statement without comments, string literals and dollar-quoted bodies (a function's BEGIN). */
const codeOf = (text: string) =>
  text
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--.*$/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, '');

/** What is wrong with one migration's statements (none: []). */
function migrationProblems(statements: string[], contractChecked: boolean): string[] {
  const problems: string[] = [];
  for (const statement of statements) {
    const code = codeOf(statement);
    const first = code.trim().split('\n')[0];
    if (TRANSACTION.test(code)) problems.push(`opens or ends a transaction: ${first}`);
    if (!contractChecked) continue;
    for (const [name, pattern] of BREAKING)
      if (pattern.test(code) && !/^\s*-- contract: \S/m.test(statement))
        problems.push(`${name} without a "-- contract: <why>" comment: ${first}`);
  }
  return problems;
}

describe('migrations', () => {
  const all = readMigrations(MIGRATIONS_DIR);
  const released = all.findIndex((m) => m.tag === lastMigration);

  it('the last frozen release is one of them', () => expect(released).toBeGreaterThanOrEqual(0));

  it.each(all.map((m, i) => [m.tag, m, i > released] as const))('%s passes the guard', (_tag, m, added) => {
    expect(migrationProblems(m.statements, added)).toEqual([]);
  });

  it('the guard finds what breaks the release before and transactions', () => {
    const problems = (text: string) => migrationProblems(text.split('--> statement-breakpoint'), true);
    expect(problems('ALTER TABLE "agents" DROP COLUMN "fax";')).toHaveLength(1);
    expect(problems('ALTER TABLE "agents" RENAME COLUMN "fax" TO "phone2";')).toHaveLength(1);
    expect(problems('DROP TABLE "old_things";')).toHaveLength(1);
    expect(problems('ALTER TABLE "sales" ALTER COLUMN "payout" SET DATA TYPE numeric(14, 2);')).toHaveLength(
      1,
    );
    expect(problems('ALTER TABLE "sales" ALTER COLUMN "note" TYPE text;')).toHaveLength(1);
    expect(problems('ALTER TABLE "sales" ALTER COLUMN "note" SET NOT NULL;')).toHaveLength(1);
    expect(problems('BEGIN;\nCREATE TABLE t (id int);\nCOMMIT;')).toHaveLength(1);
    expect(problems('CREATE TABLE t (id int);\n--> statement-breakpoint\nROLLBACK;')).toHaveLength(1);
    expect(
      problems('-- contract: 2026-12 release reads phone2 only\nALTER TABLE "agents" DROP COLUMN "fax";'),
    ).toEqual([]);
    expect(
      problems(`CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
                ALTER TABLE "agents" ADD COLUMN "note" text; -- the old name 'RENAME' in a comment`),
    ).toEqual([]);
  });
});
