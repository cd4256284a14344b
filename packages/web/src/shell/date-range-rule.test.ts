import { describe, expect, it } from 'vitest';
import { shouldResetDateRange } from './date-range-rule';

describe('shouldResetDateRange', () => {
  it('resets on an ordinary navigation', () => {
    expect(shouldResetDateRange('/app/stats/sites', '')).toBe(true);
    expect(shouldResetDateRange('/app/home', '?page=2')).toBe(true);
  });

  it('keeps the range when the target has a dateRange query', () => {
    expect(shouldResetDateRange('/app/stats/sites', '?dateRange=2025-01-01,2025-01-31')).toBe(false);
    expect(shouldResetDateRange('/app/logs/login', '?agentId=1&dateRange=')).toBe(false);
  });

  it('keeps the range on the two AVP stats pages', () => {
    expect(shouldResetDateRange('/app/stats/sites-avp', '')).toBe(false);
    expect(shouldResetDateRange('/app/stats/sites-payout-avp', '?page=3')).toBe(false);
    expect(shouldResetDateRange('/app/stats/sites-avp/', '')).toBe(false);
  });

  it('resets on the non-AVP payroll page', () => {
    expect(shouldResetDateRange('/app/stats/sites-payout', '')).toBe(true);
  });
});
