import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { subjectText } from './dialog-store';
import { alertDialog, confirmDialog, DialogsHost } from './dialogs';
import { UiHost } from './host';
import { renderUi } from './test-utils';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('confirmDialog', () => {
  it('goes visible, loading while onConfirm runs, then closes with true', async () => {
    renderUi(<DialogsHost />);
    const action = deferred();
    let result: Promise<boolean> | undefined;
    act(() => {
      result = confirmDialog({
        heading: 'Are you sure to hide domain?',
        html: '<b>Really</b>',
        onConfirm: () => action.promise,
      });
    });
    expect(screen.getByText('Are you sure to hide domain?')).toBeTruthy();
    expect(screen.getByText('Really')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => action.resolve());
    await expect(result).resolves.toBe(true);
    expect(screen.queryByText('Are you sure to hide domain?')).toBeNull();
  });

  it('makes the confirm button red for a destructive action only', () => {
    renderUi(<DialogsHost />);
    act(
      () =>
        void confirmDialog({ heading: 'Delete?', confirmLabel: 'Delete', danger: true, onConfirm: () => 1 }),
    );
    const red = screen.getByRole('button', { name: 'Delete' });
    expect(red.dataset.danger).toBe('true');
    expect(red.getAttribute('style') ?? '').toContain('red');
    act(() => void confirmDialog({ heading: 'Approve?', confirmLabel: 'Approve', onConfirm: () => 1 }));
    expect(screen.getByRole('button', { name: 'Approve' }).dataset.danger).toBeUndefined();
  });

  it('closes with no change and resolves false when onConfirm throws', async () => {
    renderUi(<DialogsHost />);
    const action = deferred();
    let result: Promise<boolean> | undefined;
    act(() => {
      result = confirmDialog({ heading: 'Suspend?', onConfirm: () => action.promise });
    });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    await act(async () => action.reject(new Error('failed')));
    await expect(result).resolves.toBe(false);
    expect(screen.queryByText('Suspend?')).toBeNull();
  });

  it('cancels with false and never runs onConfirm', async () => {
    renderUi(<DialogsHost />);
    let ran = false;
    let result: Promise<boolean> | undefined;
    act(() => {
      result = confirmDialog({ heading: 'Approve?', onConfirm: () => (ran = true) });
    });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await expect(result).resolves.toBe(false);
    expect(ran).toBe(false);
  });

  it('offers no Cancel when cancelBtn is false and uses the given label', async () => {
    renderUi(<DialogsHost />);
    let result: Promise<boolean> | undefined;
    act(() => {
      result = confirmDialog({
        heading: 'Need at least one active domain',
        cancelBtn: false,
        confirmLabel: 'OK',
        onConfirm: () => undefined,
      });
    });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    await expect(result).resolves.toBe(true);
  });

  it('ignores Escape while busy', async () => {
    renderUi(<DialogsHost />);
    const action = deferred();
    act(() => {
      void confirmDialog({ heading: 'Busy?', onConfirm: () => action.promise });
    });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByText('Busy?')).toBeTruthy();
    await act(async () => action.resolve());
    await waitFor(() => expect(screen.queryByText('Busy?')).toBeNull());
  });
});

describe('a confirmation with a typed text', () => {
  it('refuses the confirm while the check answers a message, then hands the text to onConfirm', async () => {
    renderUi(<DialogsHost />);
    const sent: string[] = [];
    let result: Promise<boolean> | undefined;
    act(() => {
      result = confirmDialog({
        heading: 'Refund this sale?',
        confirmLabel: 'Refund',
        input: { label: 'Reason', check: (t) => (t.trim() ? null : 'Reason is required') },
        onConfirm: (text) => void sent.push(text),
      });
    });
    const confirm = screen.getByRole('button', { name: 'Refund' });
    act(() => fireEvent.click(confirm));
    expect(screen.getByText('Reason is required')).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
    act(() => fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Customer asked' } }));
    expect(screen.queryByText('Reason is required')).toBeNull();
    act(() => fireEvent.click(confirm));
    await expect(result).resolves.toBe(true);
    expect(sent).toEqual(['Customer asked']);
  });

  it('says what it does in its body and hands the option, unchecked at first, to onConfirm', async () => {
    renderUi(<DialogsHost />);
    const sent: [string, boolean][] = [];
    const open = () => {
      let result: Promise<boolean> | undefined;
      act(() => {
        result = confirmDialog({
          heading: 'Suspend?',
          body: 'It is signed out.',
          option: { label: 'Also charge back' },
          input: { label: 'Reason', check: () => null },
          onConfirm: (text, checked) => void sent.push([text, checked]),
        });
      });
      return result!;
    };
    let result = open();
    expect(screen.getByTestId('confirm-body').textContent).toBe('It is signed out.');
    expect((screen.getByLabelText('Also charge back') as HTMLInputElement).checked).toBe(false);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    await expect(result).resolves.toBe(true);
    result = open();
    act(() => fireEvent.click(screen.getByLabelText('Also charge back')));
    act(() => fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'ring' } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    await expect(result).resolves.toBe(true);
    expect(sent).toEqual([
      ['', false],
      ['ring', true],
    ]);
  });

  it('starts empty each time it opens', () => {
    renderUi(<DialogsHost />);
    const open = () =>
      act(() => {
        void confirmDialog({
          heading: 'Why?',
          input: { label: 'Reason', check: () => null },
          onConfirm: () => {},
        });
      });
    open();
    act(() => fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'typed' } }));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    open();
    expect((screen.getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
  });
});

describe('alertDialog', () => {
  it('shows text until Enter is pressed', async () => {
    renderUi(<DialogsHost />);
    let done: Promise<void> | undefined;
    act(() => {
      done = alertDialog({ content: 'Read me <b>', contentType: 'text' });
    });
    expect(screen.getByText('Read me <b>')).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Enter' })));
    await expect(done).resolves.toBeUndefined();
    expect(screen.queryByText('Read me <b>')).toBeNull();
  });
});

describe('the confirmation subject', () => {
  it('names the row under the heading, which keeps the exact text', async () => {
    renderUi(<DialogsHost />);
    act(() => {
      void confirmDialog({
        heading: 'Are you sure to hide domain?',
        subject: 'https://go.example.com',
        onConfirm: () => {},
      });
    });
    expect(screen.getByText('Are you sure to hide domain?')).toBeTruthy();
    expect(screen.getByTestId('confirm-subject').textContent).toBe('https://go.example.com');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
  });

  it('lists selected rows, cut after five', () => {
    expect(subjectText(['a', 'b'])).toBe('a, b');
    expect(subjectText(['1', '2', '3', '4', '5', '6', '7'])).toBe('1, 2, 3, 4, 5 and 2 more');
    expect(subjectText('agent7')).toBe('agent7');
  });
});

describe('UiHost', () => {
  it('loads the modals with the first dialog', async () => {
    renderUi(<UiHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      void alertDialog({ content: 'Payroll is out', contentType: 'text' });
    });
    expect(await screen.findByText('Payroll is out')).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Enter' })));
    await waitFor(() => expect(screen.queryByText('Payroll is out')).toBeNull());
  });
});
