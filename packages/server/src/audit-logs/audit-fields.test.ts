// Every column of every table with an audit trigger is declared in the contract's AUDIT_TABLES (label,
// format, who may see it): a column added by a migration is shown in words and to the right readers.
import { describe, expect, it } from 'vitest';
import { AUDIT_TABLES, auditFieldVisible, Permission, Role } from '@salesdesk/contract';
import { queryRows, sql } from '../db/client';
import { testEnv } from '../test/harness';

describe('audited columns', () => {
  it('are each declared with a label, and only declared tables are audited', async () => {
    const env = await testEnv();
    const columns = await queryRows<{ t: string; c: string }>(
      env.ctx.db,
      sql`select distinct c.relname as t, a.attname as c
          from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          where p.proname = 'audit_row_change'`,
    );
    expect(columns.length).toBeGreaterThan(150);
    const undeclared = columns
      .filter(({ t, c }) => !AUDIT_TABLES[t]?.fields[c])
      .map(({ t, c }) => `${t}.${c}`);
    expect(undeclared).toEqual([]);
    const tables = new Set(columns.map((r) => r.t));
    expect(Object.keys(AUDIT_TABLES).filter((t) => !tables.has(t))).toEqual([]);
  });

  it('keep earnings for those allowed to see them', () => {
    const admin2 = { role: Role.Admin, permissions: [] };
    const admin = { role: Role.Admin, permissions: [Permission.EarningVisible] };
    const superadmin = { role: Role.Superadmin, permissions: [] };
    for (const [t, c] of [
      ['sales', 'earning'],
      ['office_fees', 'earning'],
      ['office_fees', 'bonus_earning'],
      ['link_types', 'earning'],
    ]) {
      expect(auditFieldVisible(t, c, admin2), `${t}.${c}`).toBe(false);
      expect(auditFieldVisible(t, c, admin), `${t}.${c}`).toBe(true);
      expect(auditFieldVisible(t, c, superadmin), `${t}.${c}`).toBe(true);
    }
    expect(auditFieldVisible('sales', 'payout', admin2)).toBe(true);
    expect(auditFieldVisible('accounts', 'session_version', superadmin)).toBe(false);
    // A column nobody declared is for superadmins only.
    expect(auditFieldVisible('sales', 'not_declared', admin)).toBe(false);
  });
});
