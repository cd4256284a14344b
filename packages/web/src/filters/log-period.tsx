// The date range every log page filters by: this month unless the address names a range, picked from
// two dates or the payout period hints; an incomplete or reversed range is not searched.
import { useMemo } from 'react';
import { isDateRangeValid, monthHints, payoutPeriodHints, type TListQuery } from '@salesdesk/contract';
import { DateRange } from '../ui/date-range';
import type { SearchFieldProps } from '../ui/list-search';

export const PAYOUT_HINT_LABEL = 'Choose payout period';

type Range = { start: string; end: string };
type Dates = Partial<Record<'start' | 'end', string>>;

/** The list query with `range` as its dates when the address names none (the range is always complete). */
export function withRange(query: TListQuery, range: Range): TListQuery {
  const given = new Set(query.criteria.map((c) => c.field));
  if (given.has('start') && given.has('end')) return query;
  const rest = query.criteria.filter((c) => c.field !== 'start' && c.field !== 'end');
  const dates = [
    { field: 'start', value: range.start, operator: 'EQ' as const },
    { field: 'end', value: range.end, operator: 'EQ' as const },
  ];
  return { ...query, criteria: [...rest, ...dates] };
}

/** The period hints and the default range (this month), fixed when the page mounts. */
export function useLogPeriod() {
  const hints = useMemo(() => payoutPeriodHints(), []);
  const thisMonth = useMemo(() => monthHints()[0], []);
  return { hints, thisMonth };
}

/** Search is disabled while the range is incomplete, reversed or not dates (the form says 'Date Range is not valid'). */
export const rangeSearchable = (draft: Dates) => isDateRangeValid(draft.start, draft.end);

/**
 * The search values with the default range filled in (what the form shows), and a search that
 * refuses a range that is not valid.
 */
export function periodSearch<V extends Dates>(values: V, onSearch: (next: V) => void, range: Range) {
  const shown = values.start && values.end ? values : { ...values, start: range.start, end: range.end };
  const search = (next: V) => {
    if (rangeSearchable(next)) onSearch(next);
  };
  return { shown, search, canSearch: rangeSearchable };
}

type LogPeriodProps = {
  field: (name: 'start' | 'end') => SearchFieldProps;
  draft: Dates;
  hints: ReturnType<typeof payoutPeriodHints>;
  /** What the hints are named (payout periods unless told). */
  hintLabel?: string;
  /** The period may be left empty (both ends blank). */
  optional?: boolean;
};

export function LogPeriod({ field, draft, hints, hintLabel = PAYOUT_HINT_LABEL, optional }: LogPeriodProps) {
  return (
    <DateRange
      value={{ start: draft.start, end: draft.end }}
      onChange={(range) => {
        field('start').onChange(range.start ?? '');
        field('end').onChange(range.end ?? '');
      }}
      hints={hints}
      hintLabel={hintLabel}
      optional={optional}
    />
  );
}
