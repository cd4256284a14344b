// A top-10 table (Home, Top agents): No, Office, Agent (name in brackets), Sales; the top 3 highlighted.
import { Stack, Text, Title } from '@mantine/core';
import { formatCount, TOP_HEADERS, TOP_HIGHLIGHTED, topAgentLabel, type TTopRow } from '@salesdesk/contract';
import { DataTable, type DataColumn } from '../ui/data-table';

export type TopPlace = TTopRow & { no: number };

export type TopTableProps = {
  title: string;
  /** Under the title, e.g. the week the table counts. */
  subtitle?: string;
  rows: TopPlace[];
  showOffice: boolean;
  showAgent: boolean;
  loading: boolean;
  emptyText: string;
  /** Highlight the first 3 rows (the first page of a ranking). */
  highlight?: boolean;
  print?: boolean;
};

/** Numbers the places of a top-10 answer from 1. */
export const numbered = (rows: TTopRow[] | undefined, first = 1): TopPlace[] =>
  (rows ?? []).map((r, i) => ({ ...r, no: first + i }));

export function topColumns(showOffice: boolean, showAgent: boolean): DataColumn<TopPlace>[] {
  return [
    { id: 'no', header: TOP_HEADERS.no, cell: (r) => r.no, width: 48 },
    { id: 'office', header: TOP_HEADERS.office, cell: (r) => r.office, hidden: !showOffice },
    { id: 'agent', header: TOP_HEADERS.agent, cell: (r) => topAgentLabel(r), hidden: !showAgent },
    {
      id: 'sales',
      header: TOP_HEADERS.sales,
      cell: (r) => formatCount(r.sales),
      align: 'right',
      priority: 'high',
    },
  ];
}

export function TopTable(props: TopTableProps) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {props.title}
      </Title>
      {props.subtitle ? (
        <Text size="xs" c="dimmed">
          {props.subtitle}
        </Text>
      ) : null}
      <DataTable
        caption={props.title}
        columns={topColumns(props.showOffice, props.showAgent)}
        data={props.rows}
        getRowId={(r) => r.no}
        loading={props.loading}
        emptyText={props.emptyText}
        highlightTop={props.highlight === false ? undefined : TOP_HIGHLIGHTED}
        print={props.print}
        small={!props.print}
        // A place is named by its office and agent together: they wrap between words, never give way.
        stickyColumns={3}
      />
    </Stack>
  );
}
