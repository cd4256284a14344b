// The postback's sale statement alone, every fraud rule off against every rule flag and against each rule
// alone: what each rule costs the database, without the server's HTTP work and autocannon around it.
// insertSale as the postback service calls it, on the demo data (clicks an hour old, a new e-mail and txId
// each), in short blocks of BENCH_STMT_BLOCK sales that go round the variants (the order reversed every
// pass), BENCH_STMT_PASSES passes; each variant's cost is the median, over the passes, of its CPU per sale
// minus the off variant's in the same pass. PostgreSQL: 10 sales at a time over the pool, the CPU of the
// database's backends (/proc/<pid>/schedstat, nanoseconds). PGlite: one at a time, in this process (its
// CPU). BENCH_APP_ROOT=<checkout>: also "flag" with that checkout's code, on the same data (its own pool;
// on PGlite, a copy of the directory).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  FRAUD_OPTION_NAMES,
  FRAUD_RULE_KEYS,
  fraudSettingsOf,
  type TFraudMode,
  type TFraudRuleKey,
  type TFraudSettings,
} from '@salesdesk/contract';
import { checkClickLinks } from './demo-links';
import { onCpuS } from './lib/cpu';
import { median } from './lib/median';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { REPO_ROOT, sleep, startApp } from './lib/processes';

// PGlite's CPU per block swings more (its garbage collection is this process's): longer blocks.
const BLOCK = (pglite: boolean) => Number(process.env.BENCH_STMT_BLOCK ?? (pglite ? 2000 : 600));
const PASSES = (pglite: boolean) => Number(process.env.BENCH_STMT_PASSES ?? (pglite ? 12 : 30));
const CONCURRENCY = 10;
const BEFORE_ROOT = process.env.BENCH_APP_ROOT;

/** The server code a variant runs: this checkout's, or another's (BENCH_APP_ROOT). */
interface Code {
  openDatabase(opts: { url?: string; dataDir?: string }): Promise<{ db: object; close(): Promise<void> }>;
  insertSale(db: object, row: object, args: object): Promise<unknown>;
  fraudArgs(s: TFraudSettings, refundAgents?: string): object;
  refundRateAgents(db: object, percent: number, minSales: number): Promise<string>;
}

async function loadCode(root: string): Promise<Code> {
  const src = (file: string) => path.join(root, 'packages/server/src', file);
  const load = (file: string) => import(pathToFileURL(src(file)).href);
  // The ledger holds the sale statement since issue 32; an older checkout, the postback area.
  const ledger = fs.existsSync(src('ledger/record-sale.ts'));
  const [client, sql, fraud, refund] = await Promise.all([
    load('db/client.ts'),
    load(ledger ? 'ledger/record-sale.ts' : 'postback/sql.ts'),
    load(ledger ? 'ledger/fraud-sql.ts' : 'postback/fraud-sql.ts'),
    load('postback/refund-rates.ts'),
  ]);
  return {
    openDatabase: client.openDatabase,
    insertSale: sql.insertSale,
    fraudArgs: fraud.fraudArgs,
    refundRateAgents: refund.refundRateAgents,
  };
}

const MODE_NAMES = [
  FRAUD_OPTION_NAMES.fastSaleMode,
  FRAUD_OPTION_NAMES.repeatEmailMode,
  FRAUD_OPTION_NAMES.selfReferralMode,
  FRAUD_OPTION_NAMES.refundRateMode,
];
/** Every rule in `mode`, or only `only` flagged. */
const settings = (mode: TFraudMode, only?: TFraudRuleKey) =>
  fraudSettingsOf(
    MODE_NAMES.map((name, i) => ({
      name,
      value: only ? (FRAUD_RULE_KEYS[i] === only ? 'flag' : 'off') : mode,
    })),
  );

interface Variant {
  label: string;
  run: (k: number) => Promise<unknown>;
}

export interface StatementCost {
  label: string;
  /** CPU per sale, median of the passes. */
  cpuUs: number;
  /** CPU per sale minus the off variant's of the same pass: median, lower and upper quartile. */
  overOff: [number, number, number];
}

export interface StatementRun {
  store: 'PostgreSQL' | 'PGlite';
  costs: StatementCost[];
  passes: number;
  block: number;
  /** The other checkout of "flag, before", if any. */
  before?: string;
}

/** The variants of one code on one open database: off, flag, and each rule alone. */
async function variantsOf(code: Code, db: object, clicks: Map<number, number[]>, suffix = '') {
  const flag = settings('flag');
  const list = await code.refundRateAgents(db, flag.refundRate.percent, flag.refundRate.minSales);
  const sites = [...clicks.keys()];
  const tag = Date.now().toString(36);
  const variant = (label: string, s: TFraudSettings): Variant => {
    const args = code.fraudArgs(s, s.refundRate.mode === 'off' ? undefined : list);
    return {
      label: `${label}${suffix}`,
      run: (k) => {
        const site = sites[k % sites.length];
        const ids = clicks.get(site)!;
        return code.insertSale(
          db,
          {
            siteId: site,
            clickId: ids[Math.floor(k / sites.length) % ids.length],
            eventType: 0,
            email: `s${k}.${tag}@mail.example`,
            txId: `stmt-${tag}-${k}`,
            ip: '10.0.0.1',
          },
          args,
        );
      },
    };
  };
  return { variant, flag };
}

/** The demo data with its clicks an hour old: the app starts on the store once and stops. */
async function demoStore(databaseUrl?: string) {
  const app = await startApp({ databaseUrl });
  let clicks: Map<number, number[]>;
  try {
    clicks = await checkClickLinks(app.baseUrl);
  } finally {
    await app.stop();
  }
  const age = `update clicks set click_time = click_time - interval '1 hour'`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(age);
    await client.end();
  } else {
    const db = await PGlite.create(path.join(app.dataDir, 'pglite'));
    await db.query(age);
    await db.close();
  }
  return { clicks, dataDir: app.dataDir };
}

async function measure(
  variants: Variant[],
  cpuS: () => Promise<number>,
  pglite: boolean,
  step: (msg: string) => void,
): Promise<StatementCost[]> {
  const concurrency = pglite ? 1 : CONCURRENCY;
  const [BLOCK_N, PASS_N] = [BLOCK(pglite), PASSES(pglite)];
  let k = 0;
  const block = async (v: Variant, count: number) => {
    let left = count;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) await v.run(k++);
      }),
    );
  };
  for (const v of variants) await block(v, 200); // each statement prepared and past its custom plans
  const per = new Map<string, number[]>(variants.map((v) => [v.label, []]));
  for (let pass = 0; pass < PASS_N; pass++) {
    for (const v of pass % 2 ? [...variants].reverse() : variants) {
      const before = await cpuS();
      await block(v, BLOCK_N);
      per.get(v.label)!.push((((await cpuS()) - before) * 1e6) / BLOCK_N);
    }
    if ((pass + 1) % 4 === 0) step(`statement passes: ${pass + 1} of ${PASS_N}`);
  }
  const off = per.get('off')!;
  return variants.map((v) => {
    const xs = per.get(v.label)!;
    const over = xs.map((x, i) => x - off[i]).sort((a, b) => a - b);
    const q = (f: number) => over[Math.min(over.length - 1, Math.floor(f * over.length))];
    return { label: v.label, cpuUs: median(xs), overOff: [median(over), q(0.25), q(0.75)] };
  });
}

function variantList(build: (label: string, s: TFraudSettings) => Variant, flag: TFraudSettings): Variant[] {
  return [
    build('off', settings('off')),
    build('flag', flag),
    ...FRAUD_RULE_KEYS.map((key) => build(`${key} alone`, settings('flag', key))),
  ];
}

export async function statementRunPostgres(
  dbName: string,
  step: (msg: string) => void,
): Promise<StatementRun> {
  const url = await freshDatabase(dbName);
  const opened: { close(): Promise<void> }[] = [];
  const admin = new pg.Client({ connectionString: url });
  try {
    step('sale statement alone, PostgreSQL: demo data');
    const { clicks, dataDir } = await demoStore(url);
    fs.rmSync(dataDir, { recursive: true, force: true }); // the app's, empty with PostgreSQL
    const here = await loadCode(REPO_ROOT);
    const database = await here.openDatabase({ url });
    opened.push(database);
    const { variant, flag } = await variantsOf(here, database.db, clicks);
    const variants = variantList(variant, flag);
    if (BEFORE_ROOT) {
      const before = await loadCode(path.resolve(BEFORE_ROOT));
      const old = await before.openDatabase({ url });
      opened.push(old);
      variants.push((await variantsOf(before, old.db, clicks, ', before')).variant('flag', flag));
    }
    await admin.connect();
    const cpuS = async () => {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and backend_type = 'client backend'`,
      );
      return rows.reduce((s, r) => s + onCpuS(r.pid), 0);
    };
    const costs = await measure(variants, cpuS, false, step);
    return { store: 'PostgreSQL', costs, passes: PASSES(false), block: BLOCK(false), before: BEFORE_ROOT };
  } finally {
    await admin.end().catch(() => undefined);
    for (const d of opened) await d.close();
    // pool.end() answers before its connections are closed: a forced drop meanwhile fails them loudly.
    await sleep(1000);
    await dropDatabase(dbName);
  }
}

export async function statementRunPglite(step: (msg: string) => void): Promise<StatementRun> {
  step('sale statement alone, PGlite: demo data');
  const { clicks, dataDir } = await demoStore();
  const copy = `${dataDir}-before`;
  const opened: { close(): Promise<void> }[] = [];
  try {
    // The other checkout's code on its own copy of the directory: one PGlite per directory.
    if (BEFORE_ROOT) fs.cpSync(dataDir, copy, { recursive: true });
    const here = await loadCode(REPO_ROOT);
    const database = await here.openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    opened.push(database);
    const { variant, flag } = await variantsOf(here, database.db, clicks);
    const variants = variantList(variant, flag);
    if (BEFORE_ROOT) {
      const before = await loadCode(path.resolve(BEFORE_ROOT));
      const old = await before.openDatabase({ dataDir: path.join(copy, 'pglite') });
      opened.push(old);
      variants.push((await variantsOf(before, old.db, clicks, ', before')).variant('flag', flag));
    }
    const cpuS = async () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    };
    const costs = await measure(variants, cpuS, true, step);
    return { store: 'PGlite', costs, passes: PASSES(true), block: BLOCK(true), before: BEFORE_ROOT };
  } finally {
    for (const d of opened) await d.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/** `npx tsx bench/fraud-statement.ts [pglite]`: prints the costs. */
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const step = (msg: string) => console.error(`[statement] ${msg}`);
  const run =
    process.argv[2] === 'pglite'
      ? await statementRunPglite(step)
      : await statementRunPostgres(`${process.env.BENCH_FRAUD_DB ?? 'salesdesk_fraud'}_stmt`, step);
  for (const c of run.costs)
    console.log(
      `${run.store} ${c.label}: ${c.cpuUs.toFixed(1)} µs a sale; over off ${c.overOff[0].toFixed(1)} ` +
        `(quartiles ${c.overOff[1].toFixed(1)} .. ${c.overOff[2].toFixed(1)})`,
    );
}
