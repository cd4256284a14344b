// When the demo agents registered: those with a history before its first day, a couple of days apart
// (agent01 first), and those still awaiting approval in the last days, so `Registered` reads like a past.
import { DEMO_DAYS } from './history';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function agentRegTime(n: number, awaitingApproval: boolean, now = Date.now()): Date {
  const hours = ((n * 5) % 12) * HOUR_MS;
  if (awaitingApproval) return new Date(now - ((n % 3) + 1) * DAY_MS - hours);
  const historyStart = now - DEMO_DAYS * DAY_MS;
  return new Date(historyStart - ((30 - n) * 2 + 1) * DAY_MS - hours);
}
