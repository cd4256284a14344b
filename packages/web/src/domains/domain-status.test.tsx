import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DOMAIN_TEXTS, ErrorCode } from '@salesdesk/contract';
import { ApiError } from '../api/api-error';
import { DialogsHost } from '../ui/dialogs';
import { renderUi } from '../ui/test-utils';
import { toggleDomain } from './domain-status';

const click = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));

describe('toggleDomain', () => {
  it('activates after "Are you sure to activate domain?"', async () => {
    renderUi(<DialogsHost />);
    const apply = vi.fn(async () => undefined);
    const done = toggleDomain(
      apply,
      { id: 4, hidden: true, domain: 'https://go.example.com' },
      async () => 0,
    );
    await screen.findByText(DOMAIN_TEXTS.activate);
    // The row it acts on is named under the spec's question.
    expect(screen.getByTestId('confirm-subject').textContent).toBe('https://go.example.com');
    click('Confirm');
    await expect(done).resolves.toBe(true);
    expect(apply).toHaveBeenCalledWith({ ids: [4], hidden: false });
  });

  it('hides after "Are you sure to hide domain?" while another domain is active', async () => {
    renderUi(<DialogsHost />);
    const apply = vi.fn(async () => undefined);
    const done = toggleDomain(
      apply,
      { id: 4, hidden: false, domain: 'https://go.example.com' },
      async () => 2,
    );
    await screen.findByText(DOMAIN_TEXTS.hide);
    click('Confirm');
    await expect(done).resolves.toBe(true);
    expect(apply).toHaveBeenCalledWith({ ids: [4], hidden: true });
  });

  it('refuses to hide the last active domain with an OK-only notice, asking nothing', async () => {
    renderUi(<DialogsHost />);
    const apply = vi.fn(async () => undefined);
    const done = toggleDomain(
      apply,
      { id: 4, hidden: false, domain: 'https://go.example.com' },
      async () => 1,
    );
    await screen.findByText(DOMAIN_TEXTS.lastActive);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    click('OK');
    await expect(done).resolves.toBe(false);
    expect(apply).not.toHaveBeenCalled();
  });

  it('shows the notice when the server refuses a hide another change made the last', async () => {
    renderUi(<DialogsHost />);
    const refusal = new ApiError(400, ErrorCode.Validation, 'Please correct the marked fields', {
      _form: [DOMAIN_TEXTS.lastActive],
    });
    const apply = vi.fn(async () => Promise.reject(refusal));
    const done = toggleDomain(
      apply,
      { id: 4, hidden: false, domain: 'https://go.example.com' },
      async () => 2,
    );
    await screen.findByText(DOMAIN_TEXTS.hide);
    click('Confirm');
    await screen.findByText(DOMAIN_TEXTS.lastActive);
    click('OK');
    await expect(done).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByText(DOMAIN_TEXTS.lastActive)).toBeNull());
  });
});
