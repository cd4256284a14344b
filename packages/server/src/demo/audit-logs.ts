// A few demo audit rows of the last two days, so the Audit Log tab has something to show: sign-ins (one
// refused, one remote login by an admin), a custom rate changed, an agent suspended, a postback token
// renewed, a fraud rule switched, a held sale approved, an adjustment (its earning hidden from admin2)
// and the last pay period closed. Each names the route a request would have, so it reads as the live
// rows do (contract AUDIT_ACTIONS). The demo data itself is written by no request.
import { sql } from 'drizzle-orm';
import { queryOne, queryRows, type Queryable } from '../db/client';

const HOUR_MS = 3_600_000;

interface DemoChange {
  table: string;
  key: string;
  op: 'insert' | 'update' | 'delete';
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

interface DemoRow {
  hoursAgo: number;
  actor: string | null;
  typedName?: string;
  impersonator?: string;
  ip: string;
  action: string;
  target?: [type: string, id: string];
  detail?: string;
  changes?: DemoChange[];
}

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0';

async function demoRows(db: Queryable): Promise<DemoRow[]> {
  const ids = await queryRows<{
    username: string;
    account_id: number;
    agent_id: number | null;
    office_id: number | null;
  }>(
    db,
    sql`select a.username, a.id as account_id, g.id as agent_id, o.id as office_id from accounts a
        left join agents g on g.account_id = a.id left join offices o on o.account_id = a.id
        where a.username in ('agent01', 'agent26', 'office1', 'office2')`,
  );
  const of = (name: string) => ids.find((r) => r.username === name);
  const rate = await queryOne<{ type_id: number; office_id: number; payout: string }>(
    db,
    sql`select type_id, office_id, payout::text from office_fees where office_id = ${of('office2')?.office_id ?? 0}`,
  );
  const site = await queryOne<{ id: number }>(db, sql`select min(id) as id from sites`);
  const sale = await queryOne<{ id: string }>(
    db,
    sql`select max(id)::text as id from sales where event_type = 0 and status = 0 and reversal_kind is null`,
  );
  const adjustment = await queryOne<{ id: string; payout: string; earning: string; note: string | null }>(
    db,
    sql`select id::text, payout::text, earning::text, note from sales where event_type = 5 order by sales.id desc limit 1`,
  );
  const period = await queryOne<{ start: string }>(
    db,
    sql`select max(start)::text as start from pay_periods where status > 0`,
  );
  const agent01 = String(of('agent01')?.agent_id);
  const agent26 = String(of('agent26')?.agent_id);
  const rateKey = rate ? `${rate.type_id}/${rate.office_id}` : '';
  return [
    {
      hoursAgo: 30,
      actor: 'super',
      ip: '203.0.113.10',
      action: 'POST /api/auth/login',
      target: ['admin', ''],
      detail: 'signed in',
    },
    ...(rate
      ? [
          {
            hoursAgo: 29.5,
            actor: 'super',
            ip: '203.0.113.10',
            action: 'POST /api/companies/fees',
            target: ['custom-rate', rateKey] as [string, string],
            changes: [
              {
                table: 'office_fees',
                key: rateKey,
                op: 'update' as const,
                before: { payout: '170.00' },
                after: { payout: rate.payout },
              },
            ],
          },
        ]
      : []),
    {
      hoursAgo: 29,
      actor: 'super',
      ip: '203.0.113.10',
      action: 'POST /api/sites/:id/postbackToken',
      target: ['site', String(site?.id)],
      changes: [
        { table: 'sites', key: String(site?.id), op: 'update', after: { postback_token: '(changed)' } },
      ],
    },
    {
      hoursAgo: 26,
      actor: 'super',
      ip: '203.0.113.10',
      action: 'POST /api/options',
      target: ['option', 'fraud_self_referral'],
      changes: [
        {
          table: 'options',
          key: 'fraud_self_referral',
          op: 'update',
          before: { value: 'off' },
          after: { value: 'flag' },
        },
      ],
    },
    {
      hoursAgo: 8,
      actor: null,
      typedName: 'agent0l',
      ip: '198.51.100.23',
      action: 'POST /api/auth/login',
      detail: 'sign-in refused: Wrong username or password',
    },
    {
      hoursAgo: 7.9,
      actor: 'agent01',
      ip: '198.51.100.23',
      action: 'POST /api/auth/login',
      target: ['agent', agent01],
      detail: 'signed in',
    },
    {
      hoursAgo: 5,
      actor: 'admin',
      ip: '203.0.113.22',
      action: 'POST /api/agents/status',
      target: ['agent', agent26],
      changes: [
        {
          table: 'accounts',
          key: String(of('agent26')?.account_id),
          op: 'update',
          before: { active: true, session_version: 0 },
          after: { active: false, session_version: 1 },
        },
        { table: 'agents', key: agent26, op: 'update', before: { active: true }, after: { active: false } },
      ],
    },
    ...(sale?.id
      ? [
          {
            hoursAgo: 4,
            actor: 'admin',
            ip: '203.0.113.22',
            action: 'POST /api/sales/status',
            target: ['sale', sale.id] as [string, string],
            changes: [
              {
                table: 'sales',
                key: sale.id,
                op: 'update' as const,
                before: { status: 1, note: null },
                after: { status: 0, note: 'Customer confirmed by phone' },
              },
            ],
          },
        ]
      : []),
    ...(adjustment
      ? [
          {
            hoursAgo: 3.5,
            actor: 'admin',
            ip: '203.0.113.22',
            action: 'PUT /api/adjustments',
            target: ['sale', adjustment.id] as [string, string],
            changes: [
              {
                table: 'sales',
                key: adjustment.id,
                op: 'insert' as const,
                after: {
                  id: Number(adjustment.id),
                  event_type: 5,
                  payout: adjustment.payout,
                  earning: adjustment.earning,
                  note: adjustment.note,
                  status: 0,
                },
              },
            ],
          },
        ]
      : []),
    ...(period?.start
      ? [
          {
            hoursAgo: 3,
            actor: 'admin',
            ip: '203.0.113.22',
            action: 'POST /api/pay-periods/:start/close',
            target: ['pay-period', period.start] as [string, string],
            changes: [
              {
                table: 'pay_periods',
                key: period.start,
                op: 'update' as const,
                before: { status: 0 },
                after: { status: 1 },
              },
            ],
          },
        ]
      : []),
    {
      hoursAgo: 2,
      actor: 'office1',
      impersonator: 'admin',
      ip: '203.0.113.22',
      action: 'POST /api/auth/login-remote',
      target: ['office', String(of('office1')?.office_id)],
      detail: 'signed in',
    },
  ];
}

export async function seedDemoAuditLogs(db: Queryable, now = new Date()) {
  for (const r of await demoRows(db)) {
    const time = new Date(now.getTime() - r.hoursAgo * HOUR_MS).toISOString();
    const [target, targetId] = r.target ?? [null, null];
    const row = await queryOne<{ id: string }>(
      db,
      sql`insert into audit_logs (time, account_id, username, role, impersonated_by, impersonator, ip, user_agent,
                                  action, target_type, target_id, detail)
          select ${time}::timestamptz, a.id, coalesce(a.username, ${r.typedName ?? null}), a.role, i.id, i.username,
                 ${r.ip}, ${BROWSER}, ${r.action}, ${target},
                 case when ${target} = 'admin' then a.id::text else ${targetId} end, ${r.detail ?? null}
          from (select 1) one
          left join accounts a on a.username = ${r.actor}
          left join accounts i on i.username = ${r.impersonator ?? null}
          returning id`,
    );
    for (const c of r.changes ?? [])
      await db.execute(
        sql`insert into audit_changes (audit_id, table_name, row_key, op, before, after)
            values (${row?.id}::bigint, ${c.table}, ${c.key}, ${c.op},
                    ${c.before ? JSON.stringify(c.before) : null}::jsonb, ${c.after ? JSON.stringify(c.after) : null}::jsonb)`,
      );
  }
}
