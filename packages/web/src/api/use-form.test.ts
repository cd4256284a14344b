import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ZForgotRequest } from '@salesdesk/contract';
import { ApiError } from './api-error';
import { applyServerErrors, useZodForm } from './use-form';

const setup = () => renderHook(() => useZodForm(ZForgotRequest, { username: '', email: '' }));

describe('useZodForm', () => {
  it('is invalid until required fields are filled, and hides errors until touched', () => {
    const { result } = setup();
    expect(result.current.isValid).toBe(false);
    expect(result.current.errors).toEqual({});
    act(() => result.current.getInputProps('username').onBlur());
    expect(result.current.errors).toEqual({ username: 'Username is required' });
    act(() => {
      result.current.setFieldValue('username', 'bob');
      result.current.getInputProps('email').onChange({ currentTarget: { value: 'b@x.io' } });
    });
    expect(result.current.values).toEqual({ username: 'bob', email: 'b@x.io' });
    expect(result.current.isValid).toBe(true);
  });

  it('shows every error after a submit attempt and calls the handler only when valid', () => {
    const { result } = setup();
    let submitted: unknown = null;
    act(() => result.current.onSubmit((data) => (submitted = data))());
    expect(submitted).toBeNull();
    expect(Object.keys(result.current.errors).sort()).toEqual(['email', 'username']);
    act(() => result.current.setValues({ username: ' bob ', email: 'b@x.io' }));
    act(() => result.current.onSubmit((data) => (submitted = data))());
    expect(submitted).toEqual({ username: 'bob', email: 'b@x.io' });
  });

  it('puts VALIDATION_ERROR data on fields and _form in the banner; a change clears the field error', () => {
    const { result } = setup();
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Invalid', {
      email: ['Unknown email'],
      _form: ['No match'],
    });
    act(() => void applyServerErrors(result.current, err));
    expect(result.current.errors.email).toBe('Unknown email');
    expect(result.current.formError).toBe('Invalid\nNo match');
    act(() => result.current.setFieldValue('email', 'c@x.io'));
    expect(result.current.errors.email).toBeUndefined();
  });

  it('puts a message for a field the form does not have in the banner instead of dropping it', () => {
    const { result } = setup();
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Invalid', {
      email: ['Unknown email'],
      captchaCheck: ['Captcha expired'],
      _form: ['Check the fields.'],
    });
    act(() => void applyServerErrors(result.current, err));
    expect(result.current.errors).toEqual({ email: 'Unknown email' });
    expect(result.current.formError).toBe('Invalid\nCheck the fields.\nCaptcha expired');
  });

  it('sends other errors to the banner only when asked', () => {
    const { result } = setup();
    const err = new ApiError(401, 'BAD_LOGIN', 'Wrong username or password');
    let applied = false;
    act(() => void (applied = applyServerErrors(result.current, err)));
    expect(applied).toBe(false);
    act(() => void applyServerErrors(result.current, err, { otherErrorsToForm: true }));
    expect(result.current.formError).toBe('Wrong username or password');
  });
});
