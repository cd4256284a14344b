import { describe, expect, it } from 'vitest';
import {
  canonicalEmail,
  canonicalUsername,
  isEmailKey,
  isStorableEmail,
  isStorableUsername,
  isUsernameKey,
  USERNAME_CHARS,
  ZUsername,
} from './identity';

describe('canonicalUsername', () => {
  it.each([
    ['admin', 'admin'],
    ['ADMIN', 'admin'],
    ['  Admin\t', 'admin'],
    ['ａｄｍｉｎ', 'admin'], // full-width letters
    ['ＡＤＭＩＮ', 'admin'],
    ['\u3000admin', 'admin'], // ideographic space becomes a space, then is trimmed
    ['ﬁle', 'file'], // ligature
    ['ſuper', 'super'], // long s
    ['\u212Aate', 'kate'], // Kelvin sign
  ])('%j -> %j', (input, key) => {
    expect(canonicalUsername(input)).toBe(key);
    expect(isUsernameKey(canonicalUsername(input))).toBe(true);
  });

  it.each(['admİn', 'admın', 'ädmin', 'ad min', 'admin\0', 'ad\uD800min', '', 'a'.repeat(33), '\uFDFA'])(
    'keeps %j out of the username keys (no locale folding of non-ASCII letters)',
    (input) => {
      expect(isUsernameKey(canonicalUsername(input))).toBe(false);
    },
  );

  it('lower-cases only ASCII letters', () => {
    expect(canonicalUsername('İI')).toBe('İi');
    expect(canonicalUsername('ÄB')).toBe('Äb');
  });
});

describe('canonicalEmail', () => {
  it('folds case, compatibility forms and surrounding spaces', () => {
    expect(canonicalEmail(' Admin@Example.COM ')).toBe('admin@example.com');
    expect(canonicalEmail('ａdmin@example.com')).toBe('admin@example.com');
  });

  it('leaves look-alikes that only a locale would fold outside the e-mail keys', () => {
    expect(isEmailKey(canonicalEmail('admİn@example.com'))).toBe(false);
    expect(isEmailKey(canonicalEmail('admın@example.com'))).toBe(false);
    expect(isEmailKey(canonicalEmail('a b@example.com'))).toBe(false);
  });
});

describe('stored forms', () => {
  it.each([
    ['admin', true],
    ['Office_1.b-c', true],
    ['ＡＤＭＩＮ', false],
    ['admİn', false],
    ['ſuper', false],
    [' admin', false],
    ['admin ', false],
    ['ad min', false],
    ['admin\0', false],
    ['', false],
    ['a'.repeat(33), false],
  ])('username %j storable: %s', (name, ok) => {
    expect(isStorableUsername(name)).toBe(ok);
  });

  it.each([
    ['', true],
    ['a.b@example.com', true],
    ['A.B@Example.com', true],
    ['admİn@example.com', false],
    ['ａdmin@example.com', false],
    [' a@example.com', false],
    ['a@example.com ', false],
    ['a@bücher.example', false],
  ])('email %j storable: %s', (email, ok) => {
    expect(isStorableEmail(email)).toBe(ok);
  });

  it('says why a username is refused, and areas can shorten it', () => {
    expect(ZUsername.safeParse('ＡＤＭＩＮ').error?.issues[0].message).toBe(USERNAME_CHARS);
    expect(ZUsername.max(10, 'short').safeParse('abcdefghijk').error?.issues[0].message).toBe('short');
  });
});
