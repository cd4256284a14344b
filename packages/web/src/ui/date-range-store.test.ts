import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import './test-utils';
import { getDateRange, resetDateRange, setDateRange, useStoredDateRange } from './date-range-store';

describe('date-range store', () => {
  it('stores, shares and resets the range', () => {
    resetDateRange();
    const { result } = renderHook(() => useStoredDateRange());
    expect(result.current).toEqual({});
    act(() => setDateRange({ start: '2024-01-01', end: '2024-01-31' }));
    expect(result.current).toEqual({ start: '2024-01-01', end: '2024-01-31' });
    expect(getDateRange()).toBe(getDateRange());
    act(() => resetDateRange());
    expect(result.current).toEqual({});
  });

  it('drops values that are not dates', () => {
    sessionStorage.setItem('date-range', JSON.stringify({ start: 'soon', end: '2024-01-31' }));
    expect(getDateRange()).toEqual({ start: undefined, end: '2024-01-31' });
    sessionStorage.setItem('date-range', '{oops');
    expect(getDateRange()).toEqual({});
  });
});
