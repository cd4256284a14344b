// localStorage access for the session (token, me) and the login-alert read state.
import { STORAGE_KEYS, ZMe, type TMe } from '@salesdesk/contract';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session simply lasts for this page only.
  }
}

function readJson(key: string): unknown {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export const readToken = (): string | null => read(STORAGE_KEYS.token);

export function readMe(): TMe | null {
  const parsed = ZMe.safeParse(readJson(STORAGE_KEYS.me));
  return parsed.success ? parsed.data : null;
}

export function writeSession(token: string, me: TMe): void {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.me, JSON.stringify(me));
}

export function writeMe(me: TMe): void {
  write(STORAGE_KEYS.me, JSON.stringify(me));
}

export function clearSessionStorage(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.me, null);
}

/** Which login alerts one account has read, keyed by alert (see login-alert-rules.ts). */
export type AlertReadState = Record<string, true>;

/** The whole `alert-state` value: each account's read state under its account id. */
type AlertStateByAccount = Record<string, AlertReadState>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

function readAllAlertStates(): AlertStateByAccount {
  const raw = readJson(STORAGE_KEYS.alertState);
  const all: AlertStateByAccount = {};
  if (!isRecord(raw)) return all;
  // An entry that is not a map (the old browser-wide form) says nothing about who read it: dropped.
  for (const [account, value] of Object.entries(raw)) {
    if (!/^\d+$/.test(account) || !isRecord(value)) continue;
    const state: AlertReadState = {};
    for (const [key, read] of Object.entries(value)) if (read === true) state[key] = true;
    all[account] = state;
  }
  return all;
}

/** The alerts `accountId` has read on this browser; another user's reading does not count. */
export function readAlertState(accountId: number): AlertReadState {
  return readAllAlertStates()[String(accountId)] ?? {};
}

export function writeAlertState(accountId: number, state: AlertReadState): void {
  const all = readAllAlertStates();
  all[String(accountId)] = state;
  write(STORAGE_KEYS.alertState, JSON.stringify(all));
}
