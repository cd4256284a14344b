import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { getDateRange, resetDateRange, setDateRange } from '../ui/date-range-store';
import { installDateRangeReset } from './date-range-reset';

const RANGE = { start: '2024-01-01', end: '2024-01-31' };
const paths = ['/app/stats/sites', '/app/logs/login', '/app/stats/sites-avp', '/app/home'];

function setup(start: string) {
  const router = createMemoryRouter(
    paths.map((path) => ({ path, element: null })),
    { initialEntries: [start] },
  );
  installDateRangeReset(router);
  setDateRange(RANGE);
  return (to: string) => router.navigate(to);
}

beforeEach(() => resetDateRange());

describe('installDateRangeReset', () => {
  it('keeps the range while only the query changes (paging, sorting, searching)', async () => {
    const go = setup('/app/logs/login');
    await go('/app/logs/login?page=2');
    await go('/app/logs/login?page=2&sortField=inTime&sortAsc=false');
    await go('/app/logs/login?ip=1.2.3.4');
    expect(getDateRange()).toEqual(RANGE);
  });

  it('resets it on a navigation to another page', async () => {
    const go = setup('/app/logs/login?page=2');
    await go('/app/stats/sites?page=2');
    expect(getDateRange()).toEqual({});
  });

  it('keeps it when the target has a dateRange query or is an AVP page', async () => {
    const go = setup('/app/stats/sites');
    await go('/app/logs/login?dateRange=2024-01-01,2024-01-31');
    expect(getDateRange()).toEqual(RANGE);
    await go('/app/stats/sites-avp');
    expect(getDateRange()).toEqual(RANGE);
    await go('/app/home');
    expect(getDateRange()).toEqual({});
  });
});
