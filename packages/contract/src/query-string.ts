// URL query strings and random identifiers, with no Node or browser-only imports.

/** A query parameter value; null and undefined are left out. */
export type QueryValue =
  string | number | boolean | Date | readonly (string | number | boolean)[] | null | undefined;

/** 'key=value' pairs (both URI-encoded) joined with '&'; dates as ISO strings, arrays as comma lists. */
export function toQueryString(params: Readonly<Record<string, QueryValue>>): string {
  return Object.entries(params)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(queryText(value))}`)
    .join('&');
}

function queryText(value: QueryValue): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

type RandomSource = { getRandomValues<T extends Uint8Array>(array: T): T };

/** A random (version 4) id of 32 hex digits in 8-4-4-4-12 form. */
export function newGuid(): string {
  const { crypto } = globalThis as unknown as { crypto: RandomSource };
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}
