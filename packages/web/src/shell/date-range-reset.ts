// Resets the stored date-range filter after each navigation (spec 1 section 2), except where it is kept.
import { resetDateRange } from '../ui/date-range-store';
import { shouldResetDateRange } from './date-range-rule';

interface RouterLike {
  state: { location: { key: string; pathname: string; search: string } };
  subscribe: (fn: (state: RouterLike['state']) => void) => () => void;
}

/** Runs before the target page renders, so it never reads a stale range. */
export function installDateRangeReset(router: RouterLike): () => void {
  let lastKey: string | null = null;
  const onLocation = (location: RouterLike['state']['location']) => {
    if (location.key === lastKey) return;
    lastKey = location.key;
    if (shouldResetDateRange(location.pathname, location.search)) resetDateRange();
  };
  onLocation(router.state.location);
  return router.subscribe((state) => onLocation(state.location));
}
