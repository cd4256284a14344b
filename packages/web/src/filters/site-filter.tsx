// The site select of the log filters: the caller's sites, suspended ones too (their logs stay). A site
// pinned by the address (a raw id) is shown and cannot be changed.
import { useSiteOptions } from '../api/option-queries';
import { SiteSelect } from '../ui/choice-selects';
import type { SearchFieldProps } from '../ui/list-search';

export type SiteFilterProps = {
  field: (name: 'siteId') => SearchFieldProps;
  draft: Partial<Record<'siteId', string>>;
  /** A raw site id from the address: it overrides the choice and disables the select. */
  pinned?: string;
};

export function SiteFilter({ field, draft, pinned }: SiteFilterProps) {
  const sites = useSiteOptions(true);
  return (
    <SiteSelect
      rows={sites.data}
      pinned={pinned}
      placeholder="All sites"
      value={draft.siteId || null}
      onChange={(v) => field('siteId').onChange(v ?? '')}
      w={200}
    />
  );
}
