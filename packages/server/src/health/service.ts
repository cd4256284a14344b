// Whether this node can serve: its database answers `select 1` in time. Redis is left out on purpose: it is
// shared by every node, so its loss would take all of them out of the balancer at once, while clicks are
// meant to go on redirecting without it.
import type { THealthDown, THealthUp } from '@salesdesk/contract';
import type { Db } from '../db/client';
import { loggableError, type LoggableError } from '../common/loggable-error';
import { pingDatabase } from './sql';

/** Below HAProxy's check timeout (deploy/haproxy.cfg `timeout check`), so a slow database answers 503, not nothing. */
export const HEALTH_TIMEOUT_MS = 1000;

export type Health = THealthUp | (THealthDown & { error?: LoggableError });

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
