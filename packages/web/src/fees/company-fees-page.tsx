// /app/sites/company-fees (superadmin): every office's custom payment for one site's link type.
import { useEffect } from 'react';
import { Group, Select, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { COMPANY_FEE_FILTERS, COMPANY_FEE_SORT_FIELDS } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { useSiteOptions } from '../api/option-queries';
import { FEES_KEY, fetchFees, useTypeOptions } from './api';
import { FEE_COLUMNS, FeeEditorContext } from './fee-columns';
import { useFeeEditor } from './fee-editor';

export const FEES_EMPTY = 'No data';
export const CHOOSE_TYPE_TEXT = 'Choose a site and a type';

const toId = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export function CompanyFeesPage() {
  const [params] = useSearchParams();
  const siteId = toId(params.get('siteId'));
  const typeId = toId(params.get('typeId'));
  const sites = useSiteOptions(true);
  const types = useTypeOptions(siteId);
  // Rows are asked for only once the chosen type is known to be the chosen site's.
  const typeGone = typeId !== undefined && !!types.data && !types.data.some((t) => t.id === typeId);
  const ready = typeId !== undefined && !!types.data && !typeGone;

  const fees = useListPage({
    queryKey: [...FEES_KEY, ready],
    queryFn: (query, signal) => (ready ? fetchFees(query, signal) : Promise.resolve({ items: [], total: 0 })),
    getRowId: (r) => r.companyId,
    sortFields: COMPANY_FEE_SORT_FIELDS,
    filterKeys: COMPANY_FEE_FILTERS,
    operators: { siteId: 'EQ', typeId: 'EQ' },
    defaultSortField: 'officeName',
    emptyText: FEES_EMPTY,
  });
  const { values, onSearch } = fees.search;

  // The type filter is reset when the chosen site no longer has it (spec 2 section 4).
  useEffect(() => {
    if (typeGone) onSearch({ siteId: values.siteId });
  }, [typeGone, onSearch, values.siteId]);

  const editor = useFeeEditor(fees.table.data);

  return (
    <Page title="Offices custom payments">
      <Group gap="sm" mb="sm" align="flex-end">
        <Select
          label="Site"
          placeholder="Choose a site"
          data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.sitename }))}
          value={values.siteId ?? null}
          onChange={(v) => onSearch({ siteId: v ?? undefined, typeId: values.typeId })}
          searchable
          w={240}
        />
        <Select
          label="Type"
          placeholder="Choose a type"
          data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.typename }))}
          value={ready ? (values.typeId ?? null) : null}
          onChange={(v) => onSearch({ siteId: values.siteId, typeId: v ?? undefined })}
          disabled={siteId === undefined}
          w={240}
        />
      </Group>
      {ready ? (
        <>
          <FeeEditorContext value={editor}>
            <DataTable columns={FEE_COLUMNS} caption="Offices custom payments" {...fees.table} />
          </FeeEditorContext>
          <Pagination {...fees.pagination} />
        </>
      ) : (
        <Text c="dimmed">{CHOOSE_TYPE_TEXT}</Text>
      )}
    </Page>
  );
}
