// /app/offices/domains (superadmin): the preferred domains with the offices using them.
import { useMemo } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DOMAIN_SORT_FIELDS, DOMAIN_TEXTS } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { DOMAIN_PAGES_KEY, DOMAINS_KEY, fetchDomainOptions, fetchDomains, useSetDomainsHidden } from './api';
import { domainColumns } from './domain-columns';
import { toggleDomain } from './domain-status';

export function DomainsListPage() {
  const client = useQueryClient();
  const domains = useListPage({
    queryKey: DOMAIN_PAGES_KEY,
    queryFn: fetchDomains,
    getRowId: (r) => r.id,
    sortFields: DOMAIN_SORT_FIELDS,
    emptyText: DOMAIN_TEXTS.empty,
  });
  const { mutateAsync } = useSetDomainsHidden();
  const columns = useMemo(() => {
    const countActive = async () => {
      const all = await client.fetchQuery({
        queryKey: [...DOMAINS_KEY, 'list'],
        queryFn: fetchDomainOptions,
        staleTime: 0,
      });
      return all.filter((d) => !d.hidden).length;
    };
    return domainColumns((row) => void toggleDomain(mutateAsync, row, countActive));
  }, [client, mutateAsync]);

  return (
    <Page
      title="Preferred Domains"
      actions={
        <Button component={Link} to="/app/offices/domains/create">
          + Add Preferred Domain
        </Button>
      }
    >
      <DataTable columns={columns} caption="Preferred Domains" {...domains.table} />
      <Pagination {...domains.pagination} />
    </Page>
  );
}
