// Failed-login counting per username: after too many failures the username is refused for a while.
const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 10;
const failures = new Map<string, { count: number; since: number }>();

export function tooManyFailures(username: string, now = Date.now()): boolean {
  const f = failures.get(username.toLowerCase());
  return !!f && now - f.since < WINDOW_MS && f.count >= MAX_FAILURES_PER_USERNAME;
}

export function recordFailure(username: string, now = Date.now()) {
  const key = username.toLowerCase();
  const f = failures.get(key);
  if (!f || now - f.since >= WINDOW_MS) failures.set(key, { count: 1, since: now });
  else f.count += 1;
  if (failures.size > 50_000) failures.clear(); // bounded memory under a username-spraying attack
}

export function clearFailures(username: string) {
  failures.delete(username.toLowerCase());
}
