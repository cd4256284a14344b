import { describe, expect, it } from 'vitest';
import { newGuid, toQueryString } from './query-string';

describe('toQueryString', () => {
  it('joins key=value pairs with &', () => {
    expect(toQueryString({ page: 2, pageSize: 50, sortField: 'regTime', sortAsc: false })).toBe(
      'page=2&pageSize=50&sortField=regTime&sortAsc=false',
    );
  });

  it('leaves out null and undefined but keeps empty strings and zero', () => {
    expect(toQueryString({ a: null, b: undefined, c: '', d: 0 })).toBe('c=&d=0');
    expect(toQueryString({})).toBe('');
  });

  it('URI-encodes keys and values', () => {
    expect(toQueryString({ q: 'a b&c=d/é', 'odd key': '%' })).toBe('q=a%20b%26c%3Dd%2F%C3%A9&odd%20key=%25');
  });

  it('writes dates as ISO strings and arrays as comma lists', () => {
    expect(toQueryString({ at: new Date('2026-03-01T05:00:00Z') })).toBe('at=2026-03-01T05%3A00%3A00.000Z');
    expect(toQueryString({ siteIds: [1, 2, 3] })).toBe('siteIds=1%2C2%2C3');
  });
});

describe('newGuid', () => {
  it('makes 32 hex digits in 8-4-4-4-12 form', () => {
    const guid = newGuid();
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(guid.replace(/-/g, '')).toHaveLength(32);
  });

  it('marks the id as a random (version 4) one', () => {
    for (let i = 0; i < 100; i++) expect(newGuid()).toMatch(/^.{8}-.{4}-4.{3}-[89ab]/);
  });

  it('does not repeat', () => {
    const guids = new Set(Array.from({ length: 1000 }, newGuid));
    expect(guids.size).toBe(1000);
  });
});
