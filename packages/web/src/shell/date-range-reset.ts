// Resets the stored date-range filter when the user goes to another page (spec 2 section 2.1), except
// where it is kept. Paging, sorting or searching a list changes only the query, and keeps the range.
import { resetDateRange } from '../ui/date-range-store';
import { shouldResetDateRange } from './date-range-rule';

interface RouterLike {
  state: { location: { pathname: string; search: string } };
  subscribe: (fn: (state: RouterLike['state']) => void) => () => void;
}

/** Runs before the target page renders, so it never reads a stale range. */
export function installDateRangeReset(router: RouterLike): () => void {
  let lastPathname: string | null = null;
  const onLocation = (location: RouterLike['state']['location']) => {
    if (location.pathname === lastPathname) return;
    lastPathname = location.pathname;
    if (shouldResetDateRange(location.pathname, location.search)) resetDateRange();
  };
  onLocation(router.state.location);
  return router.subscribe((state) => onLocation(state.location));
}
