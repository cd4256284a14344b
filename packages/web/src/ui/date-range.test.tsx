import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DATE_RANGE_INVALID, type TPeriodHint } from '@salesdesk/contract';
import { DateRange, hintValue, parseDay, WeeklyRange, type TDateRangeValue } from './date-range';
import { renderUi } from './test-utils';

const hints: TPeriodHint[] = [
  { heading: 'This week', start: '2024-06-09', end: '2024-06-15', length: 'week' },
  { heading: 'Last week', start: '2024-06-02', end: '2024-06-08', length: 'week' },
  { heading: '[W] 2024-05-26 - 2024-06-01', start: '2024-05-26', end: '2024-06-01', length: 'week' },
  { heading: '[2W] 2024-06-01 - 2024-06-15', start: '2024-06-01', end: '2024-06-15', length: 'beWeek' },
];

const hintInput = () => screen.getByRole('combobox', { name: 'Choose payout period' }) as HTMLInputElement;

describe('hintValue', () => {
  it('matches a hint spanning exactly the range, else none', () => {
    expect(hintValue(hints, { start: '2024-06-02', end: '2024-06-08' })).toBe('1');
    expect(hintValue(hints, { start: '2024-06-02', end: '2024-06-09' })).toBeNull();
    expect(hintValue(hints, {})).toBeNull();
  });
});

describe('DateRange', () => {
  it('selects the hint matching the dates and clears it when they change', () => {
    const { rerender } = renderUi(
      <DateRange
        value={{ start: '2024-06-02', end: '2024-06-08' }}
        onChange={() => {}}
        hints={hints}
        hintLabel="Choose payout period"
      />,
    );
    expect(hintInput().value).toBe('Last week');
    rerender(
      <DateRange
        value={{ start: '2024-06-03', end: '2024-06-08' }}
        onChange={() => {}}
        hints={hints}
        hintLabel="Choose payout period"
      />,
    );
    expect(hintInput().value).toBe('');
    rerender(
      <DateRange
        value={{ start: '2024-06-01', end: '2024-06-15' }}
        onChange={() => {}}
        hints={hints}
        hintLabel="Choose payout period"
      />,
    );
    expect(hintInput().value).toBe('[2W] 2024-06-01 - 2024-06-15');
  });

  it('sets start and end from a chosen hint', () => {
    const onChange = vi.fn();
    renderUi(<DateRange value={{}} onChange={onChange} hints={hints} hintLabel="Choose payout period" />);
    fireEvent.click(hintInput());
    fireEvent.click(screen.getByRole('option', { name: 'This week' }));
    expect(onChange).toHaveBeenCalledWith({ start: '2024-06-09', end: '2024-06-15' });
  });

  it("shows 'Date Range is not valid' for a missing end or a start after the end", () => {
    const { rerender } = renderUi(
      <DateRange value={{ start: '2024-06-02' }} onChange={() => {}} hints={hints} />,
    );
    expect(screen.getByText(DATE_RANGE_INVALID)).toBeTruthy();
    rerender(
      <DateRange value={{ start: '2024-06-09', end: '2024-06-02' }} onChange={() => {}} hints={hints} />,
    );
    expect(screen.getByText(DATE_RANGE_INVALID)).toBeTruthy();
    rerender(
      <DateRange value={{ start: '2024-06-02', end: '2024-06-02' }} onChange={() => {}} hints={hints} />,
    );
    expect(screen.queryByText(DATE_RANGE_INVALID)).toBeNull();
  });
});

describe('typed dates', () => {
  const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

  it('takes a typed YYYY-MM-DD as the date', () => {
    const onChange = vi.fn();
    renderUi(
      <DateRange value={{ start: '2024-06-02', end: '2024-06-08' }} onChange={onChange} hints={hints} />,
    );
    expect(box('Start').value).toBe('2024-06-02');
    fireEvent.change(box('End'), { target: { value: '2024-06-30' } });
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-06-02', end: '2024-06-30' });
  });

  it("reports text that is not a day as it is, so the range shows 'Date Range is not valid'", () => {
    function Controlled() {
      const [value, setValue] = useState<TDateRangeValue>({ start: '2024-06-02', end: '2024-06-08' });
      return <DateRange value={value} onChange={setValue} hints={hints} />;
    }
    renderUi(<Controlled />);
    expect(screen.queryByText(DATE_RANGE_INVALID)).toBeNull();
    fireEvent.input(box('End'), { target: { value: '2024-06-3' } });
    fireEvent.blur(box('End'));
    expect(box('End').value).toBe('2024-06-3');
    expect(screen.getByText(DATE_RANGE_INVALID)).toBeTruthy();
    fireEvent.input(box('End'), { target: { value: '2024-06-30' } });
    expect(screen.queryByText(DATE_RANGE_INVALID)).toBeNull();
  });

  it('reads only whole days', () => {
    expect(parseDay(' 2024-06-30 ')).toBe('2024-06-30');
    expect(parseDay('2024-06-3')).toBeNull();
    expect(parseDay('2024-02-30')).toBeNull();
    expect(parseDay('June 3')).toBeNull();
  });
});

describe('DateRange with disabledDates', () => {
  const dayDisabled = (label: string) =>
    screen.getByRole('button', { name: label }).hasAttribute('data-disabled');
  const value = { start: '2024-06-05', end: '2024-06-10' };

  it('blocks start dates from the end onward', () => {
    renderUi(<DateRange value={value} onChange={() => {}} hints={hints} disabledDates />);
    fireEvent.click(screen.getByRole('textbox', { name: 'Start' }));
    expect(dayDisabled('9 June 2024')).toBe(false);
    expect(dayDisabled('10 June 2024')).toBe(true);
    expect(dayDisabled('11 June 2024')).toBe(true);
  });

  it('blocks end dates up to the start', () => {
    renderUi(<DateRange value={value} onChange={() => {}} hints={hints} disabledDates />);
    fireEvent.click(screen.getByRole('textbox', { name: 'End' }));
    expect(dayDisabled('4 June 2024')).toBe(true);
    expect(dayDisabled('5 June 2024')).toBe(true);
    expect(dayDisabled('6 June 2024')).toBe(false);
  });
});

describe('WeeklyRange', () => {
  it('offers start hints starting before the end and end hints ending after the start', () => {
    const onChange = vi.fn();
    renderUi(
      <WeeklyRange value={{ start: '2024-06-02', end: '2024-06-08' }} onChange={onChange} hints={hints} />,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Start period' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Last week',
      '[W] 2024-05-26 - 2024-06-01',
      '[2W] 2024-06-01 - 2024-06-15',
    ]);
    fireEvent.click(screen.getByRole('option', { name: '[W] 2024-05-26 - 2024-06-01' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-05-26', end: '2024-06-08' });

    fireEvent.click(screen.getByRole('combobox', { name: 'End period' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'This week',
      'Last week',
      '[2W] 2024-06-01 - 2024-06-15',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'This week' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-06-02', end: '2024-06-15' });
  });
});
