// The date-range filter shared by the pages of one tab (sessionStorage), reset by the router on navigation.
import { useSyncExternalStore } from 'react';
import { isDateString } from '@salesdesk/contract';

export type TStoredDateRange = { start?: string; end?: string };

const STORAGE_KEY = 'date-range';
const EMPTY: TStoredDateRange = {};
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: TStoredDateRange = EMPTY;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function parse(raw: string | null): TStoredDateRange {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return EMPTY;
    const { start, end } = value as Record<string, unknown>;
    return { start: isDateString(start) ? start : undefined, end: isDateString(end) ? end : undefined };
  } catch {
    return EMPTY;
  }
}

/** The stored range; the same object until it changes, as useSyncExternalStore needs. */
export function getDateRange(): TStoredDateRange {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

function notify() {
  listeners.forEach((listener) => listener());
}

export function setDateRange(range: TStoredDateRange): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify({ start: range.start, end: range.end }));
  notify();
}

export function resetDateRange(): void {
  storage()?.removeItem(STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useStoredDateRange(): TStoredDateRange {
  return useSyncExternalStore(subscribe, getDateRange, () => EMPTY);
}
