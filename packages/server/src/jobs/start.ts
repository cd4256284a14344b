// The scheduled jobs of one process, started by main.ts; each due time runs on one node only (job_runs).
import os from 'node:os';
import type { AppContext } from '../context';
import { scheduleKeyExpiry } from './api-key-expiry';
import { scheduleAuditLogRetention } from './audit-log-retention';
import { scheduleIdempotencyRetention } from './idempotency-retention';
import { scheduleHoldRelease } from './hold-release';
import { scheduleLoginUnblock } from './login-unblock';
import { scheduleReportMail } from './report-mail';
import { schedulePartitionMaintenance } from './partition-maintenance';
import { schedulePostbackLogRetention } from './postback-log-retention';
import { scheduleWebhookRetention } from './webhook-retention';
import type { Scheduler, StopJob } from './schedule';

/** This process's name in job_runs: several nodes on one host differ by port. */
export const nodeName = (config: Pick<AppContext['config'], 'port'>) => `${os.hostname()}:${config.port}`;

export function startJobs(ctx: AppContext, log: (msg: string) => void): StopJob[] {
  const shift = ctx.config.jobsClockShiftMs;
  const s: Scheduler = {
    db: ctx.db,
    node: nodeName(ctx.config),
    log,
    ...(shift ? { now: () => Date.now() + shift } : {}),
  };
  return [
    schedulePartitionMaintenance(s),
    scheduleLoginUnblock(s),
    schedulePostbackLogRetention(s),
    scheduleAuditLogRetention(s),
    scheduleHoldRelease(s),
    scheduleKeyExpiry(s),
    scheduleIdempotencyRetention(s),
    scheduleWebhookRetention(s),
    scheduleReportMail(s, ctx),
  ];
}
