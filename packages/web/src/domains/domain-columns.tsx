// The columns of the Domains list (spec 2 section 2.16): Preferred Domain, Status, Offices, Note, Actions.
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { formatDomainHidden, type TDomainSortField, type TPreferredDomain } from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';

export function domainColumns(
  toggle: (row: TPreferredDomain) => void,
): DataColumn<TPreferredDomain, TDomainSortField>[] {
  return [
    { id: 'domain', header: 'Preferred Domain', cell: (r) => r.domain },
    { id: 'hidden', header: 'Status', cell: (r) => formatDomainHidden(r.hidden) },
    { id: 'companies', header: 'Offices', wrap: true, cell: (r) => r.companies.join(', ') },
    { id: 'description', header: 'Note', wrap: true, cell: (r) => r.description },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={`/app/offices/domains/${r.id}`}
            size="compact-xs"
            variant="light"
            aria-label={`Edit ${r.domain}`}
          >
            Edit
          </Button>
          {r.hidden ? (
            <Button
              size="compact-xs"
              variant="light"
              color="green"
              aria-label={`Activate ${r.domain}`}
              onClick={() => toggle(r)}
            >
              Activate
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              aria-label={`Hide ${r.domain}`}
              onClick={() => toggle(r)}
            >
              Hide
            </Button>
          )}
        </Group>
      ),
    },
  ];
}
