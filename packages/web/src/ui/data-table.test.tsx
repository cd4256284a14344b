import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table';
import { nextSort } from './sort';
import { renderUi } from './test-utils';

type Row = { id: number; name: string; sales: number };
const rows: Row[] = [
  { id: 1, name: 'Alpha', sales: 3 },
  { id: 2, name: 'Beta', sales: 5 },
];
const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, sortable: true },
  { id: 'sales', header: 'Sales', cell: (r) => r.sales, sortable: true, sortField: 'salesCount' },
  { id: 'secret', header: 'Secret', cell: () => 'x', hidden: true },
];

describe('nextSort', () => {
  it('sorts a new column ascending first, then toggles', () => {
    expect(nextSort(undefined, 'name')).toEqual({ field: 'name', asc: true });
    expect(nextSort({ field: 'regTime', asc: false }, 'name')).toEqual({ field: 'name', asc: true });
    expect(nextSort({ field: 'name', asc: true }, 'name')).toEqual({ field: 'name', asc: false });
    expect(nextSort({ field: 'name', asc: false }, 'name')).toEqual({ field: 'name', asc: true });
  });
});

describe('DataTable', () => {
  it('renders visible columns and rows in a real table', () => {
    renderUi(
      <DataTable data={rows} columns={columns} getRowId={(r) => r.id} loading={false} emptyText="No data" />,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim()),
    ).toEqual(['Name', 'Sales']);
    expect(within(table).getByText('Beta')).toBeTruthy();
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('shows the empty text across all visible columns', () => {
    renderUi(
      <DataTable
        data={[]}
        columns={columns}
        getRowId={(r) => r.id}
        loading={false}
        emptyText="No sites yet"
        selectable
      />,
    );
    const cell = screen.getByText('No sites yet');
    expect(cell.getAttribute('colspan')).toBe('3');
  });

  it('asks for ascending on a new column, then toggles the sorted one, with aria-sort', () => {
    const onSortChange = vi.fn();
    const { rerender } = renderUi(
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={false}
        emptyText=""
        sort={{ field: 'name', asc: true }}
        onSortChange={onSortChange}
      />,
    );
    const [nameTh, salesTh] = screen.getAllByRole('columnheader');
    expect(nameTh.getAttribute('aria-sort')).toBe('ascending');
    expect(salesTh.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(salesTh).getByRole('button'));
    fireEvent.click(within(nameTh).getByRole('button'));
    expect(onSortChange.mock.calls).toEqual([
      ['salesCount', true],
      ['name', false],
    ]);
    rerender(
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={false}
        emptyText=""
        sort={{ field: 'salesCount', asc: false }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getAllByRole('columnheader')[1].getAttribute('aria-sort')).toBe('descending');
  });

  it('selects rows and all rows of the page', () => {
    const onSelectionChange = vi.fn();
    const { rerender } = renderUi(
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={false}
        emptyText=""
        selectable
        selection={new Set<number>()}
        onSelectionChange={onSelectionChange}
      />,
    );
    fireEvent.click(screen.getAllByLabelText('Select row')[1]);
    expect([...onSelectionChange.mock.calls[0][0]]).toEqual([2]);
    fireEvent.click(screen.getByLabelText('Select all'));
    expect([...onSelectionChange.mock.calls[1][0]].sort()).toEqual([1, 2]);
    rerender(
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={false}
        emptyText=""
        selectable
        selection={new Set([1, 2])}
        onSelectionChange={onSelectionChange}
      />,
    );
    fireEvent.click(screen.getByLabelText('Select all'));
    expect([...onSelectionChange.mock.calls[2][0]]).toEqual([]);
  });

  it('highlights the top rows and renders footer rows by column id', () => {
    renderUi(
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={false}
        emptyText=""
        highlightTop={1}
        footerRows={[{ name: 'Page Total', sales: 8 }]}
      />,
    );
    const bodyRows = screen.getAllByRole('row').slice(1, 3);
    expect(bodyRows[0].hasAttribute('data-highlight')).toBe(true);
    expect(bodyRows[1].hasAttribute('data-highlight')).toBe(false);
    expect(screen.getByText('Page Total')).toBeTruthy();
    expect(screen.getByText('8')).toBeTruthy();
  });

  it('keeps the leading columns in view (the checkbox with them) and lets only free-text columns wrap', () => {
    const withNote: DataColumn<Row>[] = [
      ...columns,
      { id: 'note', header: 'Note', cell: () => 'a long note', wrap: true },
    ];
    renderUi(
      <DataTable
        data={rows}
        columns={withNote}
        getRowId={(r) => r.id}
        loading={false}
        emptyText=""
        selectable
        stickyColumns={1}
      />,
    );
    const [, first] = screen.getAllByRole('row');
    const cells = within(first).getAllByRole('cell');
    const kept = cells.map((td) => /sticky/.test(td.className));
    expect(kept).toEqual([true, true, false, false]);
    expect(cells[1].style.left).toMatch(/px$/);
    expect(within(cells[3]).getByText('a long note').className).toMatch(/wrap/);
    expect(cells[2].className).toMatch(/cell/);
  });

  it('sits in its own sideways-scrolling box, so a wide list never widens the page', () => {
    renderUi(<DataTable data={rows} columns={columns} getRowId={(r) => r.id} loading={false} emptyText="" />);
    const box = screen.getByRole('table').parentElement;
    expect(box?.hasAttribute('data-table-scroll')).toBe(true);
  });

  it('heads the row actions "Actions" and marks money and actions cells for the table rule', () => {
    const cols: DataColumn<Row>[] = [
      { id: 'name', header: 'Name', cell: (r) => r.name },
      { id: 'sales', header: 'Sales', money: true, cell: (r) => r.sales },
      { id: 'act', header: '', actions: true, cell: () => 'Edit' },
    ];
    renderUi(
      <DataTable data={rows} columns={cols} getRowId={(r) => r.id} loading={false} emptyText="No data" />,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Sales', 'Actions']);
    expect(table.querySelectorAll('td[data-keep="money"]')).toHaveLength(2);
    expect(table.querySelectorAll('td[data-keep="actions"]')).toHaveLength(2);
    // With room to spare nothing gives way: no detail buttons.
    expect(screen.queryByRole('button', { name: 'Show details' })).toBeNull();
  });

  it('keeps each word of a row name whole, so it wraps between words and never at a hyphen', () => {
    const dated: DataColumn<Row>[] = [{ id: 'when', header: 'Date', cell: () => '2026-11-27 (05:04)' }];
    renderUi(<DataTable data={rows} columns={dated} getRowId={(r) => r.id} loading={false} emptyText="" />);
    const cell = screen.getAllByRole('cell')[0];
    expect(cell.textContent).toBe('2026-11-27 (05:04)');
    expect(Array.from(cell.querySelectorAll('span'), (s) => s.textContent)).toEqual([
      '2026-11-27',
      '(05:04)',
    ]);
  });

  it('marks a footer total in a money column as kept money, and its label not', () => {
    const cols: DataColumn<Row>[] = [
      { id: 'name', header: 'Name', cell: (r) => r.name },
      { id: 'sales', header: 'Sales', money: true, cell: (r) => r.sales },
    ];
    renderUi(
      <DataTable
        data={rows}
        columns={cols}
        getRowId={(r) => r.id}
        loading={false}
        emptyText=""
        footerRows={[{ name: 'Total', sales: 8 }]}
      />,
    );
    const kept = screen.getByRole('table').querySelectorAll('tfoot th[data-keep]');
    expect(Array.from(kept, (th) => [th.getAttribute('data-keep'), th.textContent])).toEqual([
      ['money', '8'],
    ]);
  });
});
