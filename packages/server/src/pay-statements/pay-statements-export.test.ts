// Pay statement files (one statement, and the list) with the screen's figures and the caller's columns;
// hostile input on every call refused with a 4xx, the session checked before the input.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TList, type TPayStatementRow } from '@salesdesk/contract';
import type { Principal } from '../http/auth';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import {
  adjustOn,
  buildStatementWorld,
  closeForTest,
  sellAt,
  type StatementWorld,
} from '../test/pay-statements-fixtures';
import { statementChunks } from './sql';

let env: TestEnv;
let w: StatementWorld;
const P1 = { start: '2003-01-01', end: '2003-01-15' };
const P2 = { start: '2003-01-16', end: '2003-01-31' };

beforeAll(async () => {
  env = await ownDatabaseTestEnv('stexport');
  w = await buildStatementWorld(env.ctx);
  await sellAt(env.ctx, w.g1, '2003-01-02T17:00:00Z');
  await adjustOn(env.ctx, w.g1.agent.id, '2003-01-03', '-300.00', '=cmd|calc');
  await sellAt(env.ctx, w.g2, '2003-01-04T17:00:00Z');
  await sellAt(env.ctx, w.h1, '2003-01-05T17:00:00Z');
  await closeForTest(env.ctx, P1, w.adminId);
  await sellAt(env.ctx, w.g1, '2003-01-20T17:00:00Z');
  await closeForTest(env.ctx, P2, w.adminId);
});

const csv = async (token: string | undefined, url: string) => {
  const res = await call<string>(env.app, 'GET', url, { token });
  expect(res.status, url).toBe(200);
  expect(res.res.headers['content-type']).toContain('text/csv');
  return { rows: parse(res.res.body.replace(/^\uFEFF/, '')) as string[][], res: res.res };
};

describe('a statement file', () => {
  it('holds the lines, then the total and the balances; the note for admins only', async () => {
    const url = `pay-statements/${P1.start}/${w.g1.agent.id}/export`;
    const admin = await csv(w.tokens.admin, url);
    expect(admin.res.headers['content-disposition']).toBe(
      `attachment; filename="pay-statement-${P1.start}-${w.g1.agentUsername}.csv"`,
    );
    expect(admin.rows).toEqual([
      ['Line', 'Site', 'Count', 'Payout (₱)', 'AVP ($)', 'Note', 'Internal note'],
      ['Sales', w.g1.site.sitename, '1', '100', '', '', ''],
      // A note starting with = is written so a spreadsheet does not run it.
      ['Adjustments', '', '1', '-300', '', 'Adjustment 2003-01-03', "'=cmd|calc"],
      ['Total', '', '', '-200', '0.00', '', ''],
      ['Carried in', '', '', '0', '', '', ''],
      ['Payable', '', '', '0', '', '', ''],
      ['Carried out', '', '', '-200', '', '', ''],
    ]);
    const agent = await csv(w.tokens.g1, url);
    expect(agent.rows[0]).not.toContain('Internal note');
    expect(agent.rows[2]).toEqual(['Adjustments', '', '1', '-300', '', 'Adjustment 2003-01-03']);
    const next = await csv(w.tokens.office1, `pay-statements/${P2.start}/${w.g1.agent.id}/export`);
    expect(next.rows.slice(-4).map((r) => [r[0], r[3]])).toEqual([
      ['Total', '100'],
      ['Carried in', '-200'],
      ['Payable', '0'],
      ['Carried out', '-100'],
    ]);
  });
});

describe('the list file', () => {
  it('holds every statement of the filters in the list order; the office column for admins only', async () => {
    const admin = await csv(w.tokens.admin, `pay-statements/export?companyId=${w.g1.office.id}&pageSize=1`);
    expect(admin.rows[0]).toEqual([
      'Period',
      'Status',
      'Office',
      'Agent',
      'Total (₱)',
      'Carried in (₱)',
      'Payable (₱)',
      'Carried out (₱)',
      'AVP ($)',
    ]);
    const list = await call<TList<TPayStatementRow>>(
      env.app,
      'GET',
      `pay-statements?companyId=${w.g1.office.id}`,
      { token: w.tokens.admin },
    );
    expect(admin.rows.slice(1).map((r) => [r[0], r[3], r[7]])).toEqual(
      list.body.items
        .map((s) => [`${s.start} - ${s.end}`, `${s.username} (${s.agentName})`, s.carriedOut])
        .map(([period, agent, out]) => [period, agent, out.replace(/\.00$/, '')]),
    );
    expect(admin.rows.length - 1).toBe(3);
    const office = await csv(w.tokens.office1, `pay-statements/export?start=${P1.start}`);
    expect(office.rows[0]).not.toContain('Office');
    expect(office.rows.length - 1).toBe(2);
    expect(office.res.headers['content-disposition']).toBe(
      `attachment; filename="pay-statements-${P1.start}.csv"`,
    );
  });

  it('reads the list in chunks that neither skip nor repeat a statement', async () => {
    const p: Principal = {
      accountId: w.adminId,
      role: Role.Admin,
      username: 'admin',
      agentId: null,
      companyId: null,
      officeName: null,
      permissions: [],
      canDelete: false,
      sessionId: null,
      secondFactor: 'complete',
      impersonatedBy: null,
      fraudSuspended: false,
    };
    const query = { page: 1, pageSize: 50 };
    const whole: string[] = [];
    for await (const rows of statementChunks(env.ctx.db, p, query, 1000))
      whole.push(...rows.map((r) => `${r.start}/${r.agent_id}`));
    const chunked: string[] = [];
    for await (const rows of statementChunks(env.ctx.db, p, query, 1))
      chunked.push(...rows.map((r) => `${r.start}/${r.agent_id}`));
    expect(chunked).toEqual(whole);
    expect(whole.length).toBe(4);
  });
});

describe('hostile input', () => {
  const badLists = [
    'agentId=0x10',
    'agentId=1e3',
    'agentId=3000000000',
    'agentId=-1',
    'agentId=%201',
    'agentId=1.5',
    'companyId=abc',
    'companyId=0',
    'start=2003-02-30',
    'start=yesterday',
    'start=%00',
    'page=0',
    'pageSize=501',
    'pageSize=1e2',
  ];

  it('answers 400 to malformed filters, paging and keys, and 401 before that without a session', async () => {
    const urls = [
      ...badLists.flatMap((q) => [`pay-statements?${q}`, `pay-statements/export?${q}`]),
      ...['0x10', '1e3', '3000000000', '0', 'x'].flatMap((id) => [
        `pay-statements/${P1.start}/${id}`,
        `pay-statements/${P1.start}/${id}/export`,
      ]),
      `pay-statements/2003-13-01/${w.g1.agent.id}`,
      `pay-statements/2003-1-1/${w.g1.agent.id}`,
      `pay-statements/%00/${w.g1.agent.id}/export`,
    ];
    for (const url of urls) {
      expect((await call(env.app, 'GET', url, { token: w.tokens.g1 })).status, url).toBe(400);
      expect((await call(env.app, 'GET', url)).status, url).toBe(401);
    }
  });

  it('answers the same list to the same call twice at once', async () => {
    const url = `pay-statements?agentId=${w.g1.agent.id}`;
    const [a, b] = await Promise.all([
      call(env.app, 'GET', url, { token: w.tokens.g1 }),
      call(env.app, 'GET', url, { token: w.tokens.g1 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
  });
});
