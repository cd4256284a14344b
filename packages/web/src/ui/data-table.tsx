// The list table of every page: TanStack Table v8 for the row model, server-side sorting, selection, variants.
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { Box, Checkbox, LoadingOverlay, Table, UnstyledButton } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type VisibilityState,
} from '@tanstack/react-table';
import classes from './data-table.module.css';
import { ariaSort, nextSort, type TSort } from './sort';
import { useStickyOffsets } from './sticky-columns';

type ColumnBase<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  hidden?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** Free text (URLs, notes, conversations) that wraps; every other value stays on one line. */
  wrap?: boolean;
};

/**
 * A column: `id` names it; `cell` renders one row (index is the row's position on the page); `hidden`
 * leaves it out (role or brand rules). A sortable column's server sort field is `sortField`, else its
 * `id`, and must be one of `S` (the list's sort fields from the contract): a typo does not compile.
 */
export type DataColumn<T, S extends string = string> =
  | (ColumnBase<T> & { sortable?: false; sortField?: undefined })
  | (ColumnBase<T> & { sortable: true; id: S; sortField?: undefined })
  | (ColumnBase<T> & { sortable: true; sortField: S });

/** The server field a sortable column sorts by. */
const sortFieldOf = <S extends string>(col: { id: string; sortField?: S }): S =>
  (col.sortField ?? col.id) as S;

/** A footer row (Page Total, Overall Total): cells by column id, missing ones empty. */
export type FooterRow = Partial<Record<string, ReactNode>>;

export type DataTableProps<T, K extends string | number, S extends string = string> = {
  data: T[];
  columns: DataColumn<T, S>[];
  getRowId: (row: T) => K;
  loading: boolean;
  emptyText: string;
  sort?: TSort;
  onSortChange?: (field: S, asc: boolean) => void;
  /** Adds a checkbox column; `selectAll` (default true) adds 'Select all' to its header. */
  selectable?: boolean;
  selectAll?: boolean;
  selection?: ReadonlySet<K>;
  onSelectionChange?: (next: Set<K>) => void;
  print?: boolean;
  small?: boolean;
  shrink?: boolean;
  /** The first `highlightTop` rows are highlighted (top-3 tables). */
  highlightTop?: number;
  rowClassName?: (row: T, index: number) => string | undefined;
  footerRows?: FooterRow[];
  caption?: string;
  /** How many leading columns stay in view while a wide table scrolls sideways (default 1; the
   * selection checkbox stays with them). */
  stickyColumns?: number;
};

const SELECT_ID = '__select';
const SELECT_WIDTH = 36;
const HIGHLIGHT_BG = 'var(--mantine-color-yellow-light)';

function SortHeader<S extends string>({
  label,
  field,
  sort,
  onSortChange,
}: {
  label: ReactNode;
  field: S;
  sort?: TSort;
  onSortChange?: (field: S, asc: boolean) => void;
}) {
  const state = ariaSort(sort, field);
  const arrow = state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕';
  const click = () => {
    const next = nextSort(sort, field);
    onSortChange?.(field, next.asc);
  };
  return (
    <UnstyledButton onClick={click} fw={700} fz="inherit" style={{ whiteSpace: 'nowrap' }}>
      {label}{' '}
      <span aria-hidden style={{ opacity: state === 'none' ? 0.35 : 1 }}>
        {arrow}
      </span>
    </UnstyledButton>
  );
}

function tableVariantProps(print?: boolean, small?: boolean) {
  if (print)
    return {
      fz: 'xs',
      verticalSpacing: 2,
      horizontalSpacing: 'xs',
      withTableBorder: true,
      withColumnBorders: true,
    } as const;
  if (small) return { fz: 'xs', verticalSpacing: 4, horizontalSpacing: 'xs' } as const;
  return { fz: 'sm', verticalSpacing: 'xs', striped: true, highlightOnHover: true } as const;
}

export function DataTable<T, K extends string | number, S extends string = string>(
  props: DataTableProps<T, K, S>,
) {
  const { data, columns, getRowId, loading, emptyText, sort, onSortChange, selection, onSelectionChange } =
    props;
  const selectable = !!props.selectable;
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const defs = useMemo<ColumnDef<T>[]>(() => {
    const own: ColumnDef<T>[] = columns.map((c) => ({
      id: c.id,
      header: () => c.header,
      cell: (ctx) => c.cell(ctx.row.original, ctx.row.index),
    }));
    return selectable ? [{ id: SELECT_ID, header: () => null, cell: () => null }, ...own] : own;
  }, [columns, selectable]);
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(columns.map((c) => [c.id, !c.hidden])),
    [columns],
  );

  const table = useReactTable({
    data,
    columns: defs,
    getRowId: (row) => String(getRowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { columnVisibility },
  });

  const pageIds = data.map(getRowId);
  const chosen = selection ?? new Set<K>();
  const selectedOnPage = pageIds.filter((id) => chosen.has(id)).length;
  const toggleAll = (on: boolean) => {
    const next = new Set(chosen);
    pageIds.forEach((id) => (on ? next.add(id) : next.delete(id)));
    onSelectionChange?.(next);
  };
  const toggleRow = (id: K, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onSelectionChange?.(next);
  };

  const visible = table.getVisibleLeafColumns();
  const style: CSSProperties | undefined = props.shrink ? { width: 'auto' } : undefined;
  const stickyCount = Math.min(visible.length, (selectable ? 1 : 0) + (props.stickyColumns ?? 1));
  const sticky = useStickyOffsets(stickyCount, visible.map((c) => c.id).join(' '));
  /** The class (after `base`) and offset of a cell from column `i` over `span` columns when it is kept in view. */
  const stickyAt = (i: number, base?: string, span = 1) => {
    if (i >= stickyCount) return { className: base };
    const kept = i + span === stickyCount ? [classes.sticky, classes.stickyEdge] : [classes.sticky];
    return { className: [base, ...kept].filter(Boolean).join(' '), style: { left: sticky.lefts[i] ?? 0 } };
  };
  const body = (id: string, i: number, node: ReactNode) => {
    if (byId.get(id)?.wrap)
      return (
        <div className={classes.wrap} data-free-text>
          {node}
        </div>
      );
    return i < stickyCount ? <div className={classes.stickyText}>{node}</div> : node;
  };

  /**
   * A footer row's cells. A label in a kept column (Page Total) spans the empty kept columns after it,
   * so it widens none of them.
   */
  const footerCells = (footer: FooterRow) => {
    const cells: ReactNode[] = [];
    for (let i = 0; i < visible.length; i++) {
      const col = visible[i];
      let span = 1;
      if (i < stickyCount)
        while (i + span < stickyCount && footer[visible[i + span].id] === undefined) span++;
      cells.push(
        <Table.Th
          key={col.id}
          colSpan={span}
          ta={byId.get(col.id)?.align}
          {...stickyAt(i, classes.cell, span)}
        >
          {footer[col.id] ?? null}
        </Table.Th>,
      );
      i += span - 1;
    }
    return cells;
  };

  const headerCell = (id: string): ReactNode => {
    if (id === SELECT_ID) {
      if (props.selectAll === false) return null;
      return (
        <Checkbox
          aria-label="Select all"
          size="xs"
          checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
          indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
          onChange={(e) => toggleAll(e.currentTarget.checked)}
        />
      );
    }
    const col = byId.get(id);
    if (!col) return null;
    if (!col.sortable) return col.header;
    return <SortHeader label={col.header} field={sortFieldOf(col)} sort={sort} onSortChange={onSortChange} />;
  };

  return (
    <Box pos="relative" style={props.shrink ? { display: 'inline-block', maxWidth: '100%' } : undefined}>
      <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 1 }} />
      <div className={classes.scroll} data-table-scroll>
        <Table
          {...tableVariantProps(props.print, props.small)}
          ref={sticky.ref}
          className={classes.table}
          style={style}
          aria-busy={loading}
        >
          {/* The caption names the table for screen readers; the page title already says it on screen. */}
          {props.caption ? <caption className="visually-hidden">{props.caption}</caption> : null}
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header, i) => {
                  const col = byId.get(header.column.id);
                  return (
                    <Table.Th
                      key={header.id}
                      {...stickyAt(i)}
                      w={header.column.id === SELECT_ID ? SELECT_WIDTH : col?.width}
                      ta={col?.align}
                      aria-sort={col?.sortable ? ariaSort(sort, sortFieldOf(col)) : undefined}
                    >
                      {headerCell(header.column.id)}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => {
              const id = getRowId(row.original);
              const highlighted = props.highlightTop !== undefined && row.index < props.highlightTop;
              return (
                <Table.Tr
                  key={row.id}
                  className={props.rowClassName?.(row.original, row.index)}
                  data-highlight={highlighted || undefined}
                  bg={highlighted ? HIGHLIGHT_BG : undefined}
                >
                  {row.getVisibleCells().map((cell, i) =>
                    cell.column.id === SELECT_ID ? (
                      <Table.Td key={cell.id} {...stickyAt(i)}>
                        <Checkbox
                          aria-label="Select row"
                          size="xs"
                          checked={chosen.has(id)}
                          onChange={(e) => toggleRow(id, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    ) : (
                      <Table.Td
                        key={cell.id}
                        ta={byId.get(cell.column.id)?.align}
                        {...stickyAt(i, classes.cell)}
                      >
                        {body(cell.column.id, i, flexRender(cell.column.columnDef.cell, cell.getContext()))}
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              );
            })}
            {data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={visible.length} ta="center" c="dimmed" h={48}>
                  {loading ? null : emptyText}
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
          {props.footerRows?.length ? (
            <Table.Tfoot>
              {props.footerRows.map((footer, r) => (
                <Table.Tr key={r}>{footerCells(footer)}</Table.Tr>
              ))}
            </Table.Tfoot>
          ) : null}
        </Table>
      </div>
    </Box>
  );
}
