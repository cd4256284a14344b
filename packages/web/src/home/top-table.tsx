// A top-10 table (Home, Top agents): No, Office, Agent (name in brackets), Sales; the top 3 highlighted.
import { Stack, Text, Title } from '@mantine/core';
import {
  changePercent,
  formatCount,
  TOP_HEADERS,
  TOP_HIGHLIGHTED,
  topAgentLabel,
  type TTopRow,
} from '@salesdesk/contract';
import { CompareFigure } from '../ui/compare-figure';
import { DataTable, type DataColumn } from '../ui/data-table';

/** A place; `otherSales` when the ranking is compared with another period (Top agents). */
export type TopPlace = TTopRow & { no: number; otherSales?: number };

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
  /** Each place's sales show the other period's and the change beneath them. */
  compared?: boolean;
};

/** Numbers the places of a top-10 answer from 1. */
export const numbered = (rows: TTopRow[] | undefined, first = 1): TopPlace[] =>
  (rows ?? []).map((r, i) => ({ ...r, no: first + i }));

const comparedSales = (r: TopPlace) => (
  <CompareFigure
    shown={formatCount(r.sales)}
    compared={{ other: formatCount(r.otherSales ?? 0), change: changePercent(r.sales, r.otherSales ?? 0) }}
  />
);

export function topColumns(
  showOffice: boolean,
  showAgent: boolean,
  compared = false,
): DataColumn<TopPlace>[] {
  return [
    { id: 'no', header: TOP_HEADERS.no, cell: (r) => r.no, width: 48 },
    { id: 'office', header: TOP_HEADERS.office, cell: (r) => r.office, hidden: !showOffice },
    { id: 'agent', header: TOP_HEADERS.agent, cell: (r) => topAgentLabel(r), hidden: !showAgent },
    {
      id: 'sales',
      header: TOP_HEADERS.sales,
      cell: (r) => (compared ? comparedSales(r) : formatCount(r.sales)),
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
        columns={topColumns(props.showOffice, props.showAgent, props.compared)}
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
