import { describe, expect, it } from 'vitest';
import { accountAlertKey, COMMON_ALERT_KEY, markAlertRead, pickLoginAlert } from './login-alert-rules';

const both = { accountAlert: { html: 'Pay your fees' }, commonAlert: { html: '<b>Holiday</b>' } };

describe('pickLoginAlert', () => {
  it('prefers the unread account alert, shown as text', () => {
    expect(pickLoginAlert(both, {}, 7)).toEqual({
      key: 'account:7',
      content: 'Pay your fees',
      contentType: 'text',
    });
  });

  it('shows the common alert as html once the account alert is read', () => {
    const read = { [accountAlertKey(7)]: true as const };
    expect(pickLoginAlert(both, read, 7)).toEqual({
      key: COMMON_ALERT_KEY,
      content: '<b>Holiday</b>',
      contentType: 'html',
    });
  });

  it('keys the account alert by account, so another user still sees theirs', () => {
    const read = { [accountAlertKey(7)]: true as const };
    expect(pickLoginAlert(both, read, 8)?.key).toBe('account:8');
  });

  it('skips alerts without html and shows nothing when all are read', () => {
    expect(pickLoginAlert({ accountAlert: { html: '' }, commonAlert: null }, {}, 1)).toBeNull();
    expect(pickLoginAlert({ accountAlert: null, commonAlert: null }, {}, 1)).toBeNull();
    const read = { [accountAlertKey(1)]: true as const, [COMMON_ALERT_KEY]: true as const };
    expect(pickLoginAlert(both, read, 1)).toBeNull();
  });

  it('does not show a read alert again after its content changes', () => {
    const read = markAlertRead({}, COMMON_ALERT_KEY);
    expect(pickLoginAlert({ accountAlert: null, commonAlert: { html: 'New text' } }, read, 1)).toBeNull();
  });
});
