// Keeps each page's session in step with storage, and drops the page state a session owned when it ends.
import { STORAGE_KEYS } from '@salesdesk/contract';
import { resetDateRange } from '../ui/date-range-store';
import { closeDialogs } from '../ui/dialog-store';
import { clearNotes } from '../ui/notes';
import { onSessionEnd, syncWithStorage } from '../api/session-store';

const SESSION_KEYS: ReadonlySet<string | null> = new Set([STORAGE_KEYS.token, STORAGE_KEYS.me, null]);

/** Installs the listeners once for the app; answers the uninstaller (tests). */
export function installSessionSync(win: Window = window): () => void {
  const stopPageReset = onSessionEnd(() => {
    closeDialogs();
    clearNotes();
    resetDateRange();
  });
  // Another tab logged out or in (a null key is a storage.clear()).
  const onStorage = (e: StorageEvent) => {
    if (SESSION_KEYS.has(e.key)) syncWithStorage();
  };
  // Back after a logout in a later page restores this one from the back-forward cache, old screens and all.
  const onPageShow = (e: PageTransitionEvent) => {
    if (e.persisted) syncWithStorage();
  };
  win.addEventListener('storage', onStorage);
  win.addEventListener('pageshow', onPageShow);
  return () => {
    stopPageReset();
    win.removeEventListener('storage', onStorage);
    win.removeEventListener('pageshow', onPageShow);
  };
}
