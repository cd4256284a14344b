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

/** Which login alerts were read, keyed by alert (see login-alert-rules.ts). */
export type AlertReadState = Record<string, true>;

export function readAlertState(): AlertReadState {
  const raw = readJson(STORAGE_KEYS.alertState);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const state: AlertReadState = {};
  for (const [key, value] of Object.entries(raw)) if (value === true) state[key] = true;
  return state;
}

export function writeAlertState(state: AlertReadState): void {
  write(STORAGE_KEYS.alertState, JSON.stringify(state));
}
