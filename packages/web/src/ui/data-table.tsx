// The list table of every page: TanStack Table v8 for the row model, server-side sorting, selection, variants.
import { Fragment, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Box, Checkbox, LoadingOverlay, Table, UnstyledButton } from '@mantine/core';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type VisibilityState,
} from '@tanstack/react-table';
import classes from './data-table.module.css';
import type { GiveWayColumn } from './give-way';
import { DetailRow, DetailToggle, FoldedActions } from './row-detail';
import { ariaSort, nextSort, type TSort } from './sort';
import { useStickyOffsets } from './sticky-columns';
import { useGiveWay } from './use-give-way';

type ColumnBase<T> = GiveWayColumn & {
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** Free text (URLs, notes, conversations) that wraps; every other value stays on one line. */
  wrap?: boolean;
};

/**
 * A column: `id` names it; `cell` renders one row (index is the row's position on the page); `hidden`
 * leaves it out (role or brand rules). `money`, `actions` and `priority` place it under the table rule
 * (give-way.ts): when the table is wider than its box, `low` columns, then unmarked ones, move into the
 * row's detail, while money and the actions (kept in view at the right) stay. A sortable column's server sort field is `sortField`, else its
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

/**
 * A kept name wraps between words only: a word with a hyphen (a date `2026-11-27`, a name `Jean-Paul`),
 * where a browser would otherwise break it, stays on one line. Text without one stays as it is.
 */
function wholeWords(node: ReactNode): ReactNode {
  if (typeof node !== 'string' || !/\S-\S/.test(node)) return node;
  return node.split(/(\s+)/).map((part, i) =>
    i % 2 ? (
      part
    ) : (
      <span key={i} className={classes.word}>
        {part}
      </span>
    ),
  );
}

/** Marks a kept cell (money, actions) so a browser test can find it. */
const keepOf = (c?: GiveWayColumn) => (c?.actions ? 'actions' : c?.money ? 'money' : undefined);

const SELECT_ID = '__select';
const DETAIL_ID = '__detail';
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
  const lead = props.stickyColumns ?? 1;
  const tableRef = useRef<HTMLTableElement>(null);
  const room = useGiveWay(columns, lead, tableRef, props.print, data);
  const gone = room.gone;
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggleOpened = (rowId: string) =>
    setOpened((prev) => {
      const next = new Set(prev);
      if (!next.delete(rowId)) next.add(rowId);
      return next;
    });
  const withDetail = gone.size > 0;

  const defs = useMemo<ColumnDef<T>[]>(() => {
    const own: ColumnDef<T>[] = columns.map((c) => ({
      id: c.id,
      header: () => c.header,
      cell: (ctx) => c.cell(ctx.row.original, ctx.row.index),
    }));
    const leading: ColumnDef<T>[] = [];
    if (selectable) leading.push({ id: SELECT_ID, header: () => null, cell: () => null });
    if (withDetail) leading.push({ id: DETAIL_ID, header: () => null, cell: () => null });
    return [...leading, ...own];
  }, [columns, selectable, withDetail]);
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(columns.map((c) => [c.id, !c.hidden && !gone.has(c.id)])),
    [columns, gone],
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
  const style = {
    ...(props.shrink ? { width: 'auto' } : {}),
    ...(room.tight && room.actionsMin ? { '--actions-min': `${room.actionsMin}px` } : {}),
  } as CSSProperties;
  const stickyCount = Math.min(visible.length, (selectable ? 1 : 0) + (withDetail ? 1 : 0) + lead);
  const lefts = useStickyOffsets(tableRef, stickyCount, visible.map((c) => c.id).join(' '));
  /** The class (after `base`) and offset of a cell from column `i` over `span` columns when it is kept in view. */
  const stickyAt = (i: number, base?: string, span = 1) => {
    if (byId.get(visible[i]?.id)?.actions)
      return { className: [base, classes.stickyRight].filter(Boolean).join(' ') };
    if (i >= stickyCount) return { className: base };
    const kept = i + span === stickyCount ? [classes.sticky, classes.stickyEdge] : [classes.sticky];
    return { className: [base, ...kept].filter(Boolean).join(' '), style: { left: lefts[i] ?? 0 } };
  };
  const body = (id: string, i: number, node: ReactNode) => {
    const col = byId.get(id);
    if (col?.actions && room.fold) return <FoldedActions>{node}</FoldedActions>;
    if (col?.wrap)
      return (
        <div className={classes.wrap} data-free-text>
          {node}
        </div>
      );
    return i < stickyCount ? <div className={classes.stickyText}>{wholeWords(node)}</div> : node;
  };
  const goneColumns = columns.filter((c) => !c.hidden && gone.has(c.id));

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
          data-keep={footer[col.id] === undefined ? undefined : keepOf(byId.get(col.id))}
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
    if (id === DETAIL_ID) return <span className="visually-hidden">Details</span>;
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
    if (!col.sortable) return col.header || (col.actions ? 'Actions' : null);
    return <SortHeader label={col.header} field={sortFieldOf(col)} sort={sort} onSortChange={onSortChange} />;
  };

  return (
    <Box pos="relative" style={props.shrink ? { display: 'inline-block', maxWidth: '100%' } : undefined}>
      <LoadingOverlay visible={loading} zIndex={3} />
      <div className={classes.scroll} data-table-scroll ref={room.box}>
        <Table
          {...tableVariantProps(props.print, props.small)}
          ref={tableRef}
          data-tight={room.tight || undefined}
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
                  const id = header.column.id;
                  const col = byId.get(id);
                  return (
                    <Table.Th
                      key={header.id}
                      data-col={id}
                      {...stickyAt(i)}
                      w={id === SELECT_ID || id === DETAIL_ID ? SELECT_WIDTH : col?.width}
                      ta={col?.align}
                      aria-sort={col?.sortable ? ariaSort(sort, sortFieldOf(col)) : undefined}
                    >
                      {headerCell(id)}
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
              const open = withDetail && opened.has(row.id);
              return (
                <Fragment key={row.id}>
                  <Table.Tr
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
                      ) : cell.column.id === DETAIL_ID ? (
                        <Table.Td key={cell.id} {...stickyAt(i)}>
                          <DetailToggle open={open} onToggle={() => toggleOpened(row.id)} />
                        </Table.Td>
                      ) : (
                        <Table.Td
                          key={cell.id}
                          data-keep={keepOf(byId.get(cell.column.id))}
                          ta={byId.get(cell.column.id)?.align}
                          {...stickyAt(i, classes.cell)}
                        >
                          {body(
                            cell.column.id,
                            i,
                            byId.get(cell.column.id)?.cell(row.original, row.index) ??
                              flexRender(cell.column.columnDef.cell, cell.getContext()),
                          )}
                        </Table.Td>
                      ),
                    )}
                  </Table.Tr>
                  {open ? (
                    <DetailRow
                      span={visible.length}
                      items={goneColumns.map((c) => ({
                        id: c.id,
                        label: c.header,
                        value: c.cell(row.original, row.index),
                      }))}
                    />
                  ) : null}
                </Fragment>
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
