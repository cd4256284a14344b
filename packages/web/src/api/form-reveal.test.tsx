import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Checkbox, TextInput } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormErrorBanner } from '../ui/field';
import { renderUi } from '../ui/test-utils';
import { ApiError } from './api-error';
import { applyServerErrors, useZodForm } from './use-form';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  username: z.string().min(1, 'Username is required'),
  agree: z.boolean(),
});

let answer: (data: z.infer<typeof schema>) => Promise<void>;

function TestForm() {
  const form = useZodForm(schema, { name: '', username: '', agree: false });
  const submit = form.onSubmit(async (data) => {
    try {
      await answer(data);
    } catch (err) {
      applyServerErrors(form, err);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <FormErrorBanner message={form.formError} />
      <TextInput {...form.getInputProps('name')} label="Name" />
      <TextInput {...form.getInputProps('username')} label="Username" />
      <Checkbox {...form.getCheckboxProps('agree')} label="Agree" />
      <button type="submit">Save</button>
    </form>
  );
}

const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
    scrolled.push(this);
  });
});
afterEach(() => vi.restoreAllMocks());

const taken = new ApiError(400, 'VALIDATION_ERROR', 'Please correct the marked fields', {
  username: ['This username is already taken'],
});

describe('a refused save', () => {
  it('marks the field, says so at the top, and scrolls the first marked field into view and focus', async () => {
    answer = () => Promise.reject(taken);
    renderUi(<TestForm />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'office1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This username is already taken');
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields');
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(scrolled).toContain(username);
  });

  it('does the same for a client-side failure, on the first invalid field in page order', async () => {
    answer = vi.fn(() => Promise.resolve());
    renderUi(<TestForm />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields');
    expect(answer).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a message for the whole form in the banner under the summary, one a line', async () => {
    answer = () =>
      Promise.reject(
        new ApiError(400, 'VALIDATION_ERROR', 'Please correct the marked fields', {
          username: ['This username is already taken'],
          regionId: ['Region is closed'],
        }),
      );
    renderUi(<TestForm />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'office1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const lines = [...screen.getByRole('alert').querySelectorAll('div > div')].map((d) => d.textContent);
    expect(lines).toEqual(expect.arrayContaining(['Please correct the marked fields', 'Region is closed']));
  });
});
