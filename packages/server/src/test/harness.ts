// One app and database per test worker: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set.
import { BROWSER_AGENT } from './browser-agent';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import type { AppContext } from '../context';
import { loadKeys } from '../common/crypto';
import { createMailer } from '../common/mailer';
import { openDatabase, type Database } from '../db/client';
import { loadBrand } from '../brand';

export interface TestEnv {
  app: App;
  ctx: AppContext;
}

/**
 * The pools of the tests' apps let an idle connection go after a second, not ten: a worker runs files one
 * after another, and the pools of finished files (never closed: files share the worker) held their
 * connections long enough for two workers to pass the server's 100 ("too many clients").
 */
const TEST_POOL = { poolIdleMs: 1000 };

let shared: Promise<TestEnv> | undefined;
/** The worker database's URL on PostgreSQL (undefined on PGlite). */
let sharedUrl: string | undefined;

/** The worker's shared app (captcha off). Tests create their own tenants, so they never see each other. */
export function testEnv(): Promise<TestEnv> {
  shared ??= workerDatabaseUrl().then((url) => {
    sharedUrl = url;
    return createTestEnv({}, { ownMemoryDb: false, url });
  });
  return shared;
}

/**
 * A second app over the worker's database as another process would have it: its own connection pool
 * on PostgreSQL (PGlite in memory has one connection, so there it shares the handle).
 */
export async function secondInstance(): Promise<TestEnv> {
  const base = await testEnv();
  if (!sharedUrl) return { app: await buildApp({ ...base.ctx }), ctx: base.ctx };
  const database = await openDatabase({ url: sharedUrl, ...TEST_POOL });
  const ctx: AppContext = { ...base.ctx, db: database.db };
  return { app: await buildApp(ctx), ctx };
}

/** The worker's PostgreSQL database (after testEnv()), or undefined on PGlite. */
export const workerDatabase = () => sharedUrl;

/** A separate app over the same database, for tests that need other settings (captcha on, ...). */
export async function testEnvWith(env: Record<string, string>): Promise<TestEnv> {
  const base = await testEnv();
  const config = testConfig(env);
  const ctx: AppContext = { ...base.ctx, config, brand: loadBrand(config.brand) };
  return { app: await buildApp(ctx), ctx };
}

export function testConfig(env: Record<string, string>): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    SECRET_KEY: 'test-secret-key-0123456789abcdef',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
}

/**
 * On PostgreSQL each test worker gets a fresh database of its own next to TEST_DATABASE_URL's
 * (`{name}_w{worker}`), as each gets its own PGlite: a test that counts something global (agents
 * waiting for migration, unapproved agents) never sees another worker's writes.
 */
async function workerDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'postgres'}_w${Number(process.env.VITEST_POOL_ID ?? 1)}`;
  return recreateDatabase(base, name);
}

/** Drops and creates database `name` on the server of `baseUrl`; answers its URL. */
export async function recreateDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * An app over a database of its own, for a test whose writes are global (a pay period closed is closed
 * for every office): a fresh `{name}_w{worker}_{tag}` next to TEST_DATABASE_URL, or an in-memory PGlite.
 */
export async function ownDatabaseTestEnv(tag: string): Promise<TestEnv> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return createTestEnv({}, { ownMemoryDb: true });
  const name = `${new URL(base).pathname.slice(1) || 'postgres'}_w${Number(process.env.VITEST_POOL_ID ?? 1)}_${tag}`;
  return createTestEnv({}, { ownMemoryDb: false, url: await recreateDatabase(base, name) });
}

/** An app over an in-memory PGlite database of its own, for a test that fills it (the demo data). */
export function isolatedTestEnv(env: Record<string, string> = {}): Promise<TestEnv> {
  return createTestEnv(env, { ownMemoryDb: true });
}

async function createTestEnv(
  env: Record<string, string>,
  opts: { ownMemoryDb: boolean; url?: string } = { ownMemoryDb: false },
): Promise<TestEnv> {
  const url = opts.ownMemoryDb ? undefined : (opts.url ?? (await workerDatabaseUrl()));
  const ctx = testContext(await openDatabase({ url, ...TEST_POOL }), env);
  return { app: await buildApp(ctx), ctx };
}

/** The context of a test over `database` (captcha off), for a test that opens the database itself. */
export function testContext(database: Database, env: Record<string, string> = {}): AppContext {
  const config = testConfig(env);
  return {
    db: database.db,
    dbKind: database.kind,
    config,
    keys: loadKeys(config.secretKey, config.dataDir),
    mailer: createMailer({ from: config.mailFrom, dataDir: config.dataDir }),
    brand: loadBrand(config.brand),
  };
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as `token` (or anonymously) and returns status and parsed body. */
export { BROWSER_AGENT };

export async function call<T = unknown>(
  app: App,
  method: Method,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<{ status: number; body: T; res: LightMyRequestResponse }> {
  const res = await app.inject({
    method,
    url: `/api/${url.replace(/^\//, '')}`,
    // A person's browser unless the test says otherwise: light-my-request's own agent is a bot's.
    headers: {
      'user-agent': BROWSER_AGENT,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    remoteAddress: opts.ip,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  const text = res.body;
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body: body as T, res };
}
