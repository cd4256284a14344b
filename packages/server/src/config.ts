// Environment -> typed config. Every setting is listed in README.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A whole number of decimal digits (`0x10` and `1e3` are refused) from `min` to `max`. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'decimal digits')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // The demo passwords are published: listen on this machine only unless HOST says otherwise.
  HOST: z.string().default('localhost'),
  DATABASE_URL: z.string().optional(),
  // PostgreSQL connections a process may hold in its pool; nodes times this stays under max_connections.
  DATABASE_POOL_MAX: wholeNumber(2, 1000).default(20),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('salesdesk:'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  SECRET_KEY: z.string().min(16).optional(),
  BRAND: z.string().default('emarket'),
  PUBLIC_URL: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Salesdesk <no-reply@localhost>'),
  CAPTCHA: z.enum(['on', 'off']).default('on'),
  CAPTCHA_TEST_ANSWER: z.string().optional(),
  JOBS_TEST_CLOCK_SHIFT_MS: z.coerce.number().int().optional(),
  CLICK_WRITER_TEST_INTERVAL_MS: z.coerce.number().int().positive().optional(),
  CLICK_CLASSIFY_BENCH: z.enum(['on', 'off', 'toggle']).default('on'),
  // Longer than a send may last (webhooks/send.ts: 10 s, redirects included).
  WEBHOOK_TEST_LEASE_S: wholeNumber(15, 60).optional(),
  JWT_TTL_HOURS: z.coerce.number().positive().default(12),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'packages/web/dist')),
  WORKERS: z.coerce.number().int().min(1).default(1),
  // Unset: no metrics at all (nothing counted, no listener). Never served on PORT.
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const e = ZEnv.parse(env);
  const production = e.NODE_ENV === 'production';
  // A fixed captcha answer exists only for tests; production refuses to start with one.
  if (production && e.CAPTCHA_TEST_ANSWER)
    throw new Error('CAPTCHA_TEST_ANSWER is refused when NODE_ENV=production');
  // Moves the scheduled jobs' clock, so a test can make 01:00 Eastern due now; never in production.
  if (production && e.JOBS_TEST_CLOCK_SHIFT_MS)
    throw new Error('JOBS_TEST_CLOCK_SHIFT_MS is refused when NODE_ENV=production');
  // Holds click batches longer before writing them, so a test can kill a node whose answered clicks are
  // in its journal alone; never in production.
  if (production && e.CLICK_WRITER_TEST_INTERVAL_MS)
    throw new Error('CLICK_WRITER_TEST_INTERVAL_MS is refused when NODE_ENV=production');
  // Turns the invalid-traffic rules off, or lets SIGUSR2 switch them, so the benchmark can weigh them
  // (bench/classify-cost.ts); never in production.
  if (production && e.CLICK_CLASSIFY_BENCH !== 'on')
    throw new Error(`CLICK_CLASSIFY_BENCH=${e.CLICK_CLASSIFY_BENCH} is refused when NODE_ENV=production`);
  // Shortens how long a delivery stays leased to the node sending it, so the kill test need not wait a minute
  // for what a killed node was sending to come due again; never in production.
  if (production && e.WEBHOOK_TEST_LEASE_S)
    throw new Error('WEBHOOK_TEST_LEASE_S is refused when NODE_ENV=production');
  // Several nodes cannot share the embedded database: it lives in one process's data directory.
  if (e.REDIS_URL && !e.DATABASE_URL)
    throw new Error(
      'REDIS_URL (cluster mode) needs DATABASE_URL: several nodes share one PostgreSQL, not the embedded database',
    );
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    // Cluster mode: what must hold across nodes lives in Redis (requires PostgreSQL).
    redisUrl: e.REDIS_URL || undefined,
    // Every key this app writes starts with it: several apps (or test workers) can share one Redis.
    redisPrefix: e.REDIS_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    secretKey: e.SECRET_KEY,
    brand: e.BRAND,
    // Follows PORT unless set, so tracking links and mailed links point at this server.
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    captcha: e.CAPTCHA === 'on',
    captchaTestAnswer: e.CAPTCHA_TEST_ANSWER,
    jobsClockShiftMs: e.JOBS_TEST_CLOCK_SHIFT_MS ?? 0,
    clickWriterIntervalMs: e.CLICK_WRITER_TEST_INTERVAL_MS,
    classifyClicks: e.CLICK_CLASSIFY_BENCH,
    webhookLeaseS: e.WEBHOOK_TEST_LEASE_S ?? 60,
    jwtTtlSeconds: Math.round(e.JWT_TTL_HOURS * 3600),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    workers: e.WORKERS,
    // GET /metrics (Prometheus) on a listener of its own; 0 takes a free port (tests).
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
  };
}
