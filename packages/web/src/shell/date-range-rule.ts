// Which navigations keep the stored date-range filter: a dateRange query, or the two AVP stats pages.

export const DATE_RANGE_QUERY = 'dateRange';
export const KEEP_DATE_RANGE_PATHS = ['/app/stats/sites-avp', '/app/stats/sites-payout-avp'] as const;

export function shouldResetDateRange(pathname: string, search: string): boolean {
  if (new URLSearchParams(search).has(DATE_RANGE_QUERY)) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !(KEEP_DATE_RANGE_PATHS as readonly string[]).includes(path);
}
