// Server-side sort state of a list: one field and a direction.

export type TSort = { field?: string; asc?: boolean };

/** The first click on a new column sorts ascending; a click on the sorted column toggles it. */
export function nextSort(current: TSort | undefined, field: string): { field: string; asc: boolean } {
  if (current?.field === field) return { field, asc: !(current.asc ?? true) };
  return { field, asc: true };
}

export function ariaSort(current: TSort | undefined, field: string): 'ascending' | 'descending' | 'none' {
  if (current?.field !== field) return 'none';
  return current.asc === false ? 'descending' : 'ascending';
}
