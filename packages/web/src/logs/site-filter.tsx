// The site select of the log filters: the caller's sites, suspended ones too (their logs stay). A site
// pinned by the address (a raw id) is shown and cannot be changed.
import { Select } from '@mantine/core';
import { useSiteOptions } from '../offices/api';
import type { SearchFieldProps } from '../ui/list-search';

export type SiteFilterProps = {
  field: (name: 'siteId') => SearchFieldProps;
  draft: Partial<Record<'siteId', string>>;
  /** A raw site id from the address: it overrides the choice and disables the select. */
  pinned?: string;
};

export function SiteFilter({ field, draft, pinned }: SiteFilterProps) {
  const sites = useSiteOptions(true);
  const data = (sites.data ?? []).map((s) => ({ value: String(s.id), label: s.sitename }));
  if (pinned && !data.some((d) => d.value === pinned)) data.push({ value: pinned, label: `Site ${pinned}` });
  return (
    <Select
      label="Site"
      placeholder="All sites"
      data={data}
      value={pinned ?? (draft.siteId || null)}
      onChange={(v) => field('siteId').onChange(v ?? '')}
      disabled={!!pinned}
      searchable
      clearable={!pinned}
      w={200}
    />
  );
}
