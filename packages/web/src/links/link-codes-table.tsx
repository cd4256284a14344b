// The link codes of one agent on one site: sitename, typename and the link, shortened, with a copy button.
import type { TLinkRow } from '@salesdesk/contract';
import { DataTable, type DataColumn } from '../ui/data-table';
import { CopyLinkButton } from './copy-link-button';
import { truncateLink } from './link-length';

export const LINKS_EMPTY = 'No data';

export function LinkCodesTable({
  rows,
  length,
  loading,
}: {
  rows: TLinkRow[];
  length: number;
  loading: boolean;
}) {
  const columns: DataColumn<TLinkRow>[] = [
    { id: 'sitename', header: 'Site', cell: (r) => r.sitename },
    { id: 'typename', header: 'Type', cell: (r) => r.typename },
    {
      id: 'link',
      header: 'Link',
      priority: 'high',
      cell: (r) => (
        <span title={r.link} style={{ fontFamily: 'monospace' }}>
          {truncateLink(r.link, length)}
        </span>
      ),
    },
    {
      id: 'copy',
      header: 'Copy',
      actions: true,
      cell: (r) => <CopyLinkButton link={r.link} label={`${r.typename} link`} />,
    },
  ];
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={(r) => r.link}
      loading={loading}
      emptyText={loading ? '' : LINKS_EMPTY}
      caption="Links"
      // A row is named by its site and link type together: neither gives way.
      stickyColumns={2}
    />
  );
}
