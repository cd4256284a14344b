import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZForgotRequest } from '@salesdesk/contract';
import { clearNotes, useNotes } from '../ui/notes';
import { ApiError } from './api-error';
import { useForm, type FormOptions } from './use-form';

afterEach(() => clearNotes());

type Values = { username: string; email: string };
const filled = { username: 'bob', email: 'b@x.io' };

/** The hook on a page at /form, with the router's current path and the notes beside it. */
function setup(options: Omit<FormOptions<Values, Values>, 'schema' | 'initialValues'>) {
  const useAll = () => ({
    form: useForm({ schema: ZForgotRequest, initialValues: filled, ...options }),
    path: useLocation().pathname,
    notes: useNotes(),
  });
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter([{ path: '*', element: children }], { initialEntries: ['/form'] });
    return <RouterProvider router={router} />;
  };
  return renderHook(useAll, { wrapper });
}

describe('useForm: the save path', () => {
  it('saves the parsed values, shows the success note and goes on', async () => {
    const save = vi.fn(async () => undefined);
    const onSaved = vi.fn();
    const { result } = setup({ save, navigateTo: '/list', onSaved });
    act(() => result.current.form.submit());
    await waitFor(() => expect(result.current.path).toBe('/list'));
    expect(save).toHaveBeenCalledWith(filled);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(result.current.notes.map((n) => [n.type, n.heading])).toEqual([['success', 'Operation Complete']]);
    expect(result.current.form.saving).toBe(false);
  });

  it('puts a refusal on the fields, stays, and says nothing else', async () => {
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Invalid', { email: ['Unknown email'] });
    const onRefused = vi.fn();
    const { result } = setup({ save: () => Promise.reject(err), navigateTo: '/list', onRefused });
    act(() => result.current.form.submit());
    await waitFor(() => expect(result.current.form.errors.email).toBe('Unknown email'));
    expect(onRefused).toHaveBeenCalledWith(err, expect.anything());
    expect(result.current.path).toBe('/form');
    expect(result.current.notes).toEqual([]);
  });

  it('shows no note when the form asks for none', async () => {
    const { result } = setup({ save: async () => undefined, success: null, navigateTo: '/list' });
    act(() => result.current.form.submit());
    await waitFor(() => expect(result.current.path).toBe('/list'));
    expect(result.current.notes).toEqual([]);
  });
});
