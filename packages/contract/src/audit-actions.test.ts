import { describe, expect, it } from 'vitest';
import {
  API_KEY_EXPIRED_ACTION,
  auditActionNames,
  auditRoutesNamed,
  describeAuditEntry,
  type TAuditEntry,
} from './audit-actions';
import { formatAuditValue } from './audit-fields';
import type { TAuditChange } from './audit-logs';

/** A change as the server sends it: each field with its label and shown values. */
const change = (
  table: string,
  key: string,
  op: TAuditChange['op'],
  values: Record<string, [string | null, string | null]>,
): TAuditChange => ({
  table,
  key,
  op,
  title: '',
  fields: Object.entries(values).map(([name, [before, after]]) => ({
    name,
    label: name,
    before,
    after,
    beforeText: formatAuditValue(table, name, before, key),
    afterText: formatAuditValue(table, name, after, key),
  })),
});

const entry = (over: Partial<TAuditEntry>): TAuditEntry => ({
  action: '',
  targetType: null,
  targetId: null,
  targetName: null,
  detail: null,
  changes: [],
  ...over,
});

describe('audit descriptions', () => {
  it('say what happened as the issue words it', () => {
    const sale = change('sales', '4182', 'update', { status: ['1', '0'] });
    expect(
      describeAuditEntry(
        entry({ action: 'POST /api/sales/status', targetType: 'sale', targetId: '4182', changes: [sale] }),
      ),
    ).toBe('Approved sale #4182');
    expect(
      describeAuditEntry(
        entry({
          action: 'POST /api/pay-periods/:start/close',
          targetType: 'pay-period',
          targetId: '2026-11-01',
          targetName: '2026-11-01 - 2026-11-15',
          changes: [change('pay_periods', '2026-11-01', 'update', { status: ['0', '1'] })],
        }),
      ),
    ).toBe('Closed pay period 2026-11-01 - 2026-11-15');
    const suspend = (key: string) => change('agents', key, 'update', { active: ['true', 'false'] });
    const status = { action: 'POST /api/agents/status', targetType: 'agent', targetId: '5' };
    const one = [suspend('5'), { ...suspend('5'), table: 'accounts', key: '99' }];
    expect(describeAuditEntry(entry({ ...status, targetName: 'agent05', changes: one }))).toBe(
      'Changed agent agent05: active Activated → Suspended',
    );
    expect(describeAuditEntry(entry({ ...status, changes: [suspend('5'), suspend('6')] }))).toBe(
      'Changed 2 agents: active Activated → Suspended',
    );
  });

  it('shows money with separators, empty as ∅ only when it was, a secret only as changed', () => {
    expect(formatAuditValue('sales', 'payout', '12141.50')).toBe('₱12,141.5');
    expect(formatAuditValue('office_fees', 'earning', '1234.5')).toBe('$1,234.50');
    expect(formatAuditValue('sales', 'note', '')).toBe('');
    expect(formatAuditValue('sales', 'note', null)).toBeNull();
    expect(formatAuditValue('accounts', 'password_hash', '(changed)')).toBe('changed');
    expect(formatAuditValue('options', 'value', 'hold', 'fraud_fast_sale')).toBe('Hold for review');
    const allowPrivate = change('options', 'webhooks_private_addresses', 'update', { value: ['0', '1'] });
    expect(describeAuditEntry(entry({ action: 'POST /api/options', changes: [allowPrivate] }))).toBe(
      'Changed system options: Webhooks private addresses Off → On',
    );
    expect(formatAuditValue('sales', 'fraud_flags', '5')).toBe(
      "Sale soon after its click, Click from the agent's own address",
    );
  });

  it('names a call that changed nothing by its kind, and an unknown route by its event or route', () => {
    expect(describeAuditEntry(entry({ action: 'POST /api/site-manuals/:id' }))).toBe('Changed site manual');
    expect(describeAuditEntry(entry({ action: 'POST /api/auth/login', detail: 'signed in' }))).toBe(
      'Signed in',
    );
    expect(describeAuditEntry(entry({ action: 'POST /api/gone', detail: null }))).toBe('POST /api/gone');
  });
});

describe('audited events no route makes', () => {
  it('say a key expired by its name and first characters, even once the key is gone', () => {
    const expired = { action: API_KEY_EXPIRED_ACTION, targetType: 'api-key', targetId: '12' };
    expect(describeAuditEntry(entry({ ...expired, targetName: 'reports (sdk_3f9a…)' }))).toBe(
      'API key reports (sdk_3f9a…) expired',
    );
    expect(describeAuditEntry(entry({ ...expired, detail: 'reports (sdk_3f9a…)' }))).toBe(
      'API key reports (sdk_3f9a…) expired',
    );
  });

  it('are offered by the action filter to the viewers of their targets, and stand for their action', () => {
    expect(auditActionNames(['api-key'])).toContain('API key expired');
    expect(auditActionNames(['agent'])).not.toContain('API key expired');
    expect(auditRoutesNamed('API key expired')).toEqual([API_KEY_EXPIRED_ACTION]);
  });
});
