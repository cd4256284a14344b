// `Compare with` (issue 37), one control for every report that compares: Statistics, Top agents and the
// office progress chart; and the line under a compared report that names the other period.
import { Select, Text } from '@mantine/core';
import { formatPeriod, STATS_COMPARE, STATS_COMPARE_LABELS, type TStatsCompare } from '@salesdesk/contract';

export const COMPARE_LABEL = 'Compare with';
export const COMPARED_WITH = 'Compared with';
const NO_COMPARE = 'none';
const COMPARE_OPTIONS = [
  { value: NO_COMPARE, label: 'None' },
  ...STATS_COMPARE.map((c) => ({ value: c, label: STATS_COMPARE_LABELS[c] })),
];

/** A URL's compare value, or undefined when it is none of the choices. */
export const parseCompare = (raw: string | undefined): TStatsCompare | undefined =>
  STATS_COMPARE.find((c) => c === raw);

export function CompareSelect(props: {
  value: TStatsCompare | undefined;
  onChange: (next: TStatsCompare | undefined) => void;
}) {
  return (
    <Select
      label={COMPARE_LABEL}
      data={COMPARE_OPTIONS}
      value={props.value ?? NO_COMPARE}
      onChange={(v) => props.onChange(parseCompare(v ?? undefined))}
      allowDeselect={false}
      w={190}
    />
  );
}

/** 'Compared with: Previous period (2026-11-15 - 2026-11-21)', once the other period has come back. */
export function ComparedWith(props: {
  compare: TStatsCompare | undefined;
  period: { start: string; end: string } | null | undefined;
}) {
  if (!props.compare || !props.period) return null;
  return (
    <Text size="sm" c="dimmed" data-compared-with>
      {`${COMPARED_WITH}: ${STATS_COMPARE_LABELS[props.compare]} (${formatPeriod(props.period)})`}
    </Text>
  );
}
