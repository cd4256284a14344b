import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZLoginRequest } from '@salesdesk/contract';
import { issuesToErrors, splitServerErrors } from './zod-errors';

describe('issuesToErrors', () => {
  it('maps each path to its first message and a path-less issue to _form', () => {
    const schema = z
      .object({
        name: z.string().min(1, 'Name is required').min(3, 'Too short'),
        tags: z.array(z.string().min(1, 'Empty tag')),
      })
      .refine(() => false, 'Whole form is wrong');
    const result = schema.safeParse({ name: '', tags: ['a', ''] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesToErrors(result.error.issues)).toEqual({
      name: 'Name is required',
      'tags.1': 'Empty tag',
      _form: 'Whole form is wrong',
    });
  });

  it('reads the contract login rules', () => {
    const result = ZLoginRequest.safeParse({ username: ' ', password: '' });
    expect(result.success ? {} : issuesToErrors(result.error.issues)).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });
});

describe('splitServerErrors', () => {
  it('puts _form in the banner and the first message on each field', () => {
    expect(
      splitServerErrors({ username: ['Taken', 'Too long'], _form: ['Try again', 'later'], email: [] }),
    ).toEqual({
      fields: { username: 'Taken' },
      form: 'Try again later',
    });
  });
});
