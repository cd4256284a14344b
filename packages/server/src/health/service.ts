// Whether this node can serve: its database answers `select 1` in time, and its click writer keeps up
// (read from the writer's memory, no query). Redis is left out on purpose: it is shared by every node, so
// its loss would take all of them out of the balancer at once, while clicks are meant to go on
// redirecting without it.
import { formatCount, type THealthDown, type THealthUp } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { loggableError, type LoggableError } from '../common/loggable-error';
import { runningTracking } from '../tracking/runtime';
import { pingDatabase } from './sql';

/** Below HAProxy's check timeout (deploy/haproxy.cfg `timeout check`), so a slow database answers 503, not nothing. */
export const HEALTH_TIMEOUT_MS = 1000;

/**
 * How long the oldest answered click may wait for the table. Batches are due every 100 ms, so this is a
 * hundred intervals of stalled or failing writes. The clicks are safe in the journal meanwhile, but at
 * about 10,000 clicks a second the writer's bound (100,000 waiting) fills in as long, after which the
 * node refuses clicks anyway: better the balancer sends them elsewhere first.
 */
export const WRITER_BEHIND_MS = 10_000;

export type Health = THealthUp | (THealthDown & { error?: LoggableError });

/** The database first (a writer falls behind when it is away), then the click writer. */
export async function checkNode(ctx: Pick<AppContext, 'db'>): Promise<Health> {
  const database = await checkHealth(ctx.db);
  return database.status === 'ok' ? checkClickWriter(runningTracking(ctx)?.writer) : database;
}

/** 503 when the oldest click answered but not stored reached the writer WRITER_BEHIND_MS ago or more. */
export function checkClickWriter(
  writer: { oldestPendingAt: number | undefined; size: number } | undefined,
  now = Date.now(),
): Health {
  const oldest = writer?.oldestPendingAt;
  if (!writer || oldest === undefined || now - oldest < WRITER_BEHIND_MS) return { status: 'ok' };
  const waiting = `${formatCount(writer.size)} click${writer.size === 1 ? '' : 's'} waiting`;
  return {
    status: 'unavailable',
    reason: `the click writer is ${Math.floor((now - oldest) / 1000)} s behind (${waiting})`,
  };
}

export async function checkHealth(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  try {
    const answer = await Promise.race([pingDatabase(db).then(() => 'ok' as const), late]);
    if (answer === 'ok') return { status: 'ok' };
    return { status: 'unavailable', reason: `the database did not answer within ${timeoutMs} ms` };
  } catch (err) {
    const error = loggableError(err);
    // The public answer names the kind of failure only; addresses and messages stay in the log.
    return { status: 'unavailable', reason: `the database failed (${failureKind(error)})`, error };
  } finally {
    clearTimeout(timer);
  }
}

/** The driver's code under the query wrapper (ECONNREFUSED, 57P01), else the innermost error's type. */
function failureKind(error: LoggableError): string {
  let e: LoggableError = error;
  while (typeof e.code !== 'string' && e.cause) e = e.cause;
  return typeof e.code === 'string' ? e.code : e.type;
}
