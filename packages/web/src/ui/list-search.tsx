// The search form above a list: its fields follow the URL (back/forward shows the URL's values again).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import classes from './list-search.module.css';
import type { ListFilters } from './use-list-state';

/** Props for one search input; `onChange` takes an input event (TextInput) or a value (Select). */
export type SearchFieldProps = {
  name: string;
  value: string;
  onChange: (eventOrValue: unknown) => void;
};

export type ListSearchProps<F extends string> = {
  /** The search criteria in the URL (useListPage's `search.values`). */
  values: ListFilters<F>;
  /** Runs the search (useListPage's `search.onSearch`: writes the URL, back to page 1). */
  onSearch: (values: Partial<Record<F, string>>) => void;
  /** The inputs: `field(name)` gives value and onChange; `draft` is what the form holds now. */
  children: (field: (name: F) => SearchFieldProps, draft: Partial<Record<F, string>>) => ReactNode;
  /** The accessible name of the search region. */
  label?: string;
  /** False disables Search (e.g. while the date range is not valid). */
  canSearch?: (draft: Partial<Record<F, string>>) => boolean;
};

function valueOf(eventOrValue: unknown): string {
  if (eventOrValue && typeof eventOrValue === 'object' && 'currentTarget' in eventOrValue) {
    const target = eventOrValue.currentTarget;
    if (target && typeof target === 'object' && 'value' in target) return String(target.value);
  }
  return typeof eventOrValue === 'string' ? eventOrValue : '';
}

export function ListSearch<F extends string>({
  values,
  onSearch,
  children,
  label,
  canSearch,
}: ListSearchProps<F>) {
  const [draft, setDraft] = useState<Partial<Record<F, string>>>(values);
  // The URL is the state: when it changes (a search, back/forward), the inputs show it again.
  const urlKey = JSON.stringify(values);
  const [shownKey, setShownKey] = useState(urlKey);
  if (shownKey !== urlKey) {
    setShownKey(urlKey);
    setDraft(values);
  }

  const field = (name: F): SearchFieldProps => ({
    name,
    value: draft[name] ?? '',
    onChange: (e) => {
      const value = valueOf(e);
      setDraft((prev) => ({ ...prev, [name]: value }));
    },
  });
  const ready = canSearch?.(draft) ?? true;
  // On a phone the fields fold away behind one button, so the list's first rows are on the first screen.
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) onSearch(draft);
  };

  return (
    <form onSubmit={submit} role="search" aria-label={label}>
      <Button
        className={classes.toggle}
        variant="default"
        size="xs"
        mb="sm"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide filters' : 'Filters'}
      </Button>
      <Group gap="xs" mb="sm" align="flex-end" className={open ? undefined : classes.folded} data-filters>
        {children(field, draft)}
        <Button type="submit" variant="default" disabled={!ready}>
          Search
        </Button>
      </Group>
    </form>
  );
}
