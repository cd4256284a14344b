// The site, office and agent selects that the criteria forms share (links, statistics, office chart, the
// log filters): the same label, option text and search behaviour everywhere; the caller owns the value.
import { Select, type SelectProps } from '@mantine/core';

type Option = { value: string; label: string };

/** Select options from rows: the id as the value. */
export const toOptions = <T,>(
  rows: readonly T[] | undefined,
  value: (r: T) => number,
  label: (r: T) => string,
) => (rows ?? []).map((r): Option => ({ value: String(value(r)), label: label(r) }));

export type ChoiceSelectProps<T> = Omit<SelectProps, 'data' | 'label'> & {
  rows: readonly T[] | undefined;
  /** A raw id from the address: shown (as e.g. `Site 12` when it is not among the rows) and not changeable. */
  pinned?: string;
};

function choiceSelect<T>(noun: string, label: (r: T) => string, id: (r: T) => number) {
  function ChoiceSelect({ rows, pinned, value, clearable = true, disabled, ...props }: ChoiceSelectProps<T>) {
    const data = toOptions(rows, id, label);
    if (pinned && !data.some((o) => o.value === pinned))
      data.push({ value: pinned, label: `${noun} ${pinned}` });
    return (
      <Select
        label={noun}
        searchable
        {...props}
        data={data}
        value={pinned ?? value}
        disabled={disabled || !!pinned}
        clearable={clearable && !pinned}
      />
    );
  }
  ChoiceSelect.displayName = `${noun}Select`;
  return ChoiceSelect;
}

export const SiteSelect = choiceSelect<{ id: number; sitename: string }>(
  'Site',
  (s) => s.sitename,
  (s) => s.id,
);
export const OfficeSelect = choiceSelect<{ id: number; officeName: string }>(
  'Office',
  (o) => o.officeName,
  (o) => o.id,
);
export const AgentSelect = choiceSelect<{ id: number; username: string }>(
  'Agent',
  (a) => a.username,
  (a) => a.id,
);
