// Date-range pickers: two dates plus a hint list, a single date, and the weekly-ex start/end hint pair.
// Every date can be typed as YYYY-MM-DD or picked from the calendar.
import { Group, Select, Stack, Text } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import {
  DATE_RANGE_INVALID,
  DAY_FORMAT,
  endHints,
  isDateRangeValid,
  isDateString,
  matchHint,
  startHints,
  type TPeriodHint,
} from '@salesdesk/contract';

/** Weeks start on Sunday, as the contract's week hints do (Mantine defaults to Monday). */
const FIRST_DAY_OF_WEEK = 0;

export type TDateRangeValue = { start?: string; end?: string };

export type DateRangeProps = {
  value: TDateRangeValue;
  onChange: (next: TDateRangeValue) => void;
  hints: TPeriodHint[];
  hintLabel?: string;
  /** The start picker blocks dates from the end onward, the end picker dates up to the start. */
  disabledDates?: boolean;
  startLabel?: string;
  endLabel?: string;
  /** No dates at all is a choice too (every day): only a half-filled or reversed range is not valid. */
  optional?: boolean;
};

/** The index (as a Select value) of the hint spanning exactly the value, or null. */
export function hintValue(hints: TPeriodHint[], value: TDateRangeValue): string | null {
  const hint = matchHint(hints, value.start, value.end);
  return hint ? String(hints.indexOf(hint)) : null;
}

function hintOptions(hints: TPeriodHint[], all: TPeriodHint[] = hints) {
  return hints.map((h) => ({ value: String(all.indexOf(h)), label: h.heading }));
}

/** A typed day is taken only as a whole YYYY-MM-DD (dayjs alone would read '2024-06-0' as May 31). */
export const parseDay = (text: string): string | null => {
  const day = text.trim();
  return isDateString(day) ? day : null;
};

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange'> & {
  value?: string;
  /** The day, or the typed text when it is not a day (so the range shows it is not valid); undefined when empty. */
  onChange: (value?: string) => void;
};

/** One day, typed or picked. Text that is not a day stays in the box and is reported as it is. */
export function DayInput({ value, onChange, ...rest }: DayInputProps) {
  return (
    <DateInput
      valueFormat={DAY_FORMAT}
      placeholder={DAY_FORMAT}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      dateParser={parseDay}
      fixOnBlur={false}
      value={isDateString(value) ? value : null}
      onChange={(next) => onChange(next ?? undefined)}
      onInput={(e) => onChange(e.currentTarget.value.trim() || undefined)}
      w={150}
      {...rest}
    />
  );
}

export function RangeError({ value, optional }: { value: TDateRangeValue; optional?: boolean }) {
  if (isDateRangeValid(value.start, value.end) || (optional && !value.start && !value.end)) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {DATE_RANGE_INVALID}
    </Text>
  );
}

export function DateRange(props: DateRangeProps) {
  const { value, onChange, hints, disabledDates } = props;
  const { start, end } = value;
  const hintLabel = props.hintLabel ?? 'Choose period';
  const pick = (index: string | null) => {
    const hint = index === null ? undefined : hints[Number(index)];
    if (hint) onChange({ start: hint.start, end: hint.end });
  };
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DayInput
          label={props.startLabel ?? 'Start'}
          value={start}
          onChange={(next) => onChange({ ...value, start: next })}
          excludeDate={disabledDates && end ? (d) => d >= end : undefined}
        />
        <DayInput
          label={props.endLabel ?? 'End'}
          value={end}
          onChange={(next) => onChange({ ...value, end: next })}
          excludeDate={disabledDates && start ? (d) => d <= start : undefined}
        />
        <Select
          aria-label={hintLabel}
          placeholder={hintLabel}
          data={hintOptions(hints)}
          value={hintValue(hints, value)}
          onChange={pick}
          allowDeselect={false}
          searchable
          w={260}
        />
      </Group>
      <RangeError value={value} optional={props.optional} />
    </Stack>
  );
}

export type SingleDatePickerProps = {
  value?: string;
  onChange: (value?: string) => void;
  label?: string;
  /** Dates before it are blocked and a value before it is marked invalid. */
  minDate?: string;
};

const YEARS_AROUND = 10;

export function SingleDatePicker({ value, onChange, label, minDate }: SingleDatePickerProps) {
  const today = dayjs();
  const invalid = !!value && (!isDateString(value) || !!(minDate && value < minDate));
  return (
    <DayInput
      label={label}
      value={value}
      onChange={onChange}
      minDate={today.subtract(YEARS_AROUND, 'year').format(DAY_FORMAT)}
      maxDate={today.add(YEARS_AROUND, 'year').format(DAY_FORMAT)}
      excludeDate={minDate ? (d) => d < minDate : undefined}
      error={invalid}
      aria-invalid={invalid}
    />
  );
}

export type WeeklyRangeProps = {
  value: TDateRangeValue;
  onChange: (next: TDateRangeValue) => void;
  /** The weekly-ex list (weeks, then half-months). */
  hints: TPeriodHint[];
  startLabel?: string;
  endLabel?: string;
};

/** Start hints are the periods starting before the current end; end hints those ending after the current start. */
export function WeeklyRange({
  value,
  onChange,
  hints,
  startLabel = 'Start period',
  endLabel = 'End period',
}: WeeklyRangeProps) {
  const starts = startHints(hints, value.end);
  const ends = endHints(hints, value.start);
  const selected = (list: TPeriodHint[], pick: (h: TPeriodHint) => boolean) => {
    const hint = list.find(pick);
    return hint ? String(hints.indexOf(hint)) : null;
  };
  const choose = (index: string | null, side: 'start' | 'end') => {
    const hint = index === null ? undefined : hints[Number(index)];
    if (hint) onChange({ ...value, [side]: hint[side] });
  };
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={startLabel}
          data={hintOptions(starts, hints)}
          value={selected(starts, (h) => h.start === value.start)}
          onChange={(i) => choose(i, 'start')}
          allowDeselect={false}
          searchable
          w={260}
        />
        <Select
          label={endLabel}
          data={hintOptions(ends, hints)}
          value={selected(ends, (h) => h.end === value.end)}
          onChange={(i) => choose(i, 'end')}
          allowDeselect={false}
          searchable
          w={260}
        />
      </Group>
      <RangeError value={value} />
    </Stack>
  );
}
