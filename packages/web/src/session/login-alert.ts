// Shows the login alert once after login and records it as read, for this account only, when dismissed.
import { fetchLoginAlerts } from '../api/auth-api';
import { alertDialog } from '../ui/dialog-store';
import { markAlertRead, pickLoginAlert } from './login-alert-rules';
import { readAlertState, writeAlertState } from '../api/session-storage';

export async function showLoginAlert(accountId: number): Promise<void> {
  const alerts = await fetchLoginAlerts();
  const picked = pickLoginAlert(alerts, readAlertState(accountId), accountId);
  if (!picked) return;
  await alertDialog({ content: picked.content, contentType: picked.contentType });
  // Re-read: another tab may have marked the other alert meanwhile.
  writeAlertState(accountId, markAlertRead(readAlertState(accountId), picked.key));
}
