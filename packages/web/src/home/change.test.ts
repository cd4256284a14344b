import { describe, expect, it } from 'vitest';
import { changePercent } from './change';

describe('changePercent', () => {
  it('counts the change from the other figure on the decimal digits', () => {
    expect(changePercent(12, 8)).toBe('+50.00%');
    expect(changePercent('150.00', '200.00')).toBe('-25.00%');
    expect(changePercent('0.10', '0.30')).toBe('-66.67%');
    expect(changePercent(2, 3)).toBe('-33.33%');
    expect(changePercent('1000000000.01', '1000000000.00')).toBe('0%');
    expect(changePercent(5, 5)).toBe('0%');
  });

  it('rounds half away from zero', () => {
    expect(changePercent(1, 8)).toBe('-87.50%');
    expect(changePercent('1.00005', 1)).toBe('0%');
    expect(changePercent(200001, 200000)).toBe('0%');
    expect(changePercent(20001, 20000)).toBe('+0.01%'); // 0.005% rounds up
  });

  it('has no change to show from nothing, and 0% from nothing to nothing', () => {
    expect(changePercent(3, 0)).toBeNull();
    expect(changePercent('0.00', 0)).toBe('0%');
  });
});
