// Which login alert to show (spec 1 section 4): the account alert (as text) over the common one (as html),
// only when it has html and is not yet read; read state is kept per alert, never re-shown on content change.
import type { TLoginAlerts } from '@salesdesk/contract';
import type { AlertReadState } from '../api/session-storage';

export interface PickedAlert {
  /** The read-state key: 'account:{accountId}' or 'common'. */
  key: string;
  content: string;
  contentType: 'html' | 'text';
}

export const accountAlertKey = (accountId: number) => `account:${accountId}`;
export const COMMON_ALERT_KEY = 'common';

export function pickLoginAlert(
  alerts: TLoginAlerts,
  read: AlertReadState,
  accountId: number,
): PickedAlert | null {
  const accountKey = accountAlertKey(accountId);
  if (alerts.accountAlert?.html && !read[accountKey]) {
    return { key: accountKey, content: alerts.accountAlert.html, contentType: 'text' };
  }
  if (alerts.commonAlert?.html && !read[COMMON_ALERT_KEY]) {
    return { key: COMMON_ALERT_KEY, content: alerts.commonAlert.html, contentType: 'html' };
  }
  return null;
}

export const markAlertRead = (read: AlertReadState, key: string): AlertReadState => ({
  ...read,
  [key]: true,
});
