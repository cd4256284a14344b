import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@salesdesk/contract';

const alertDialog = vi.fn(async () => undefined);
vi.mock('../ui/dialog-store', () => ({ alertDialog }));
const { showLoginAlert } = await import('./login-alert');
const { readAlertState } = await import('../api/session-storage');

const alerts = { accountAlert: null, commonAlert: { html: '<b>Payroll is out</b>' } };

beforeEach(() => {
  localStorage.clear();
  alertDialog.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(alerts), { status: 200 })),
  );
});

describe('the login alert read state', () => {
  it('is kept per account: one user dismissing it does not hide it from the next', async () => {
    await showLoginAlert(1);
    expect(alertDialog).toHaveBeenCalledTimes(1);
    await showLoginAlert(1);
    expect(alertDialog).toHaveBeenCalledTimes(1);
    await showLoginAlert(2);
    expect(alertDialog).toHaveBeenCalledTimes(2);
    expect(readAlertState(1)).toEqual({ common: true });
    expect(readAlertState(2)).toEqual({ common: true });
    expect(readAlertState(3)).toEqual({});
  });

  it('keeps the key alert-state, one map per account, and ignores the old browser-wide form', async () => {
    localStorage.setItem(STORAGE_KEYS.alertState, JSON.stringify({ common: true }));
    expect(readAlertState(1)).toEqual({});
    await showLoginAlert(7);
    expect(JSON.parse(localStorage.getItem('alert-state') ?? '')).toEqual({ '7': { common: true } });
  });

  it('survives a broken stored value', () => {
    localStorage.setItem(STORAGE_KEYS.alertState, '{not json');
    expect(readAlertState(1)).toEqual({});
    localStorage.setItem(STORAGE_KEYS.alertState, JSON.stringify({ '1': ['common'], x: { common: true } }));
    expect(readAlertState(1)).toEqual({});
  });
});
