import { TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TList, TListQuery } from '@salesdesk/contract';
import { DataTable, type DataColumn } from './data-table';
import { ListSearch } from './list-search';
import { Pagination } from './pagination';
import { TestProviders } from './test-utils';
import { useListPage } from './use-list-page';

type Row = { id: number; name: string };
const SORT = ['name', 'regTime'] as const;
const SEARCH = ['username'] as const;
const columns: DataColumn<Row, (typeof SORT)[number]>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
];
const rows = (n: number): TList<Row> => ({
  items: Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` })),
  total: 120,
});

let navigate: NavigateFunction;
let location = '';
function ListScreen({ queryFn }: { queryFn: (q: TListQuery) => Promise<TList<Row>> }) {
  navigate = useNavigate();
  const { pathname, search } = useLocation();
  location = pathname + search;
  const page = useListPage({
    queryKey: ['things'],
    queryFn,
    getRowId: (r) => r.id,
    sortFields: SORT,
    filterKeys: SEARCH,
    defaultSortField: 'name',
    emptyText: 'No data',
    selectable: true,
  });
  return (
    <>
      <ListSearch {...page.search}>
        {(field) => <TextInput label="Search by username" {...field('username')} />}
      </ListSearch>
      <output aria-label="selected">{page.selected.join(',')}</output>
      <DataTable columns={columns} {...page.table} />
      <Pagination {...page.pagination} />
    </>
  );
}

type ListFn = (q: TListQuery) => Promise<TList<Row>>;

function setup(route: string, queryFn: ListFn = vi.fn<ListFn>(() => Promise.resolve(rows(2)))) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <TestProviders>
          <ListScreen queryFn={queryFn} />
        </TestProviders>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryFn;
}

const searchBox = () => screen.getByLabelText('Search by username') as HTMLInputElement;
const search = (text: string) => {
  fireEvent.change(searchBox(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
};

describe('useListPage with ListSearch', () => {
  it('calls the list with the URL state, and reads sortAsc=false as descending', async () => {
    const queryFn = vi.fn<ListFn>(() => Promise.resolve(rows(2)));
    setup('/x?page=2&sortField=regTime&sortAsc=false&username=bob&dateRange=a', queryFn);
    await screen.findByText('Row 1');
    expect(queryFn).toHaveBeenLastCalledWith(
      {
        page: 2,
        pageSize: 50,
        sortField: 'regTime',
        sortAsc: false,
        criteria: [{ field: 'username', value: 'bob', operator: 'LIKE' }],
      },
      expect.anything(),
    );
  });

  it('ignores a sort field the list does not have', async () => {
    const queryFn = vi.fn<ListFn>(() => Promise.resolve(rows(2)));
    setup('/x?sortField=password', queryFn);
    await screen.findByText('Row 1');
    expect(queryFn.mock.lastCall?.[0]).toMatchObject({ sortField: 'name', sortAsc: true });
  });

  it('a new search goes back to page 1 with the trimmed text', async () => {
    setup('/x?page=3&sortField=name&sortAsc=true');
    await screen.findByText('Row 1');
    search('  bob ');
    expect(location).toBe('/x?sortField=name&sortAsc=true&username=bob');
    expect(searchBox().value).toBe('bob');
  });

  it('the search box follows the URL on back and forward', async () => {
    setup('/x?username=alice');
    expect(searchBox().value).toBe('alice');
    search('bob');
    expect(searchBox().value).toBe('bob');
    act(() => void navigate(-1));
    expect(location).toBe('/x?username=alice');
    expect(searchBox().value).toBe('alice');
    act(() => void navigate(1));
    expect(searchBox().value).toBe('bob');
    act(() => void navigate('/x'));
    expect(searchBox().value).toBe('');
  });

  it('keeps unsent text while only the page changes', async () => {
    setup('/x?username=alice');
    await screen.findByText('Row 1');
    fireEvent.change(searchBox(), { target: { value: 'half-typed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(location).toBe('/x?username=alice&page=2');
    expect(searchBox().value).toBe('half-typed');
  });

  it('clears the selection when the page or the sort changes', async () => {
    setup('/x');
    await screen.findByText('Row 1');
    fireEvent.click(screen.getAllByLabelText('Select row')[1]);
    expect(screen.getByLabelText('selected').textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('selected').textContent).toBe('');
    fireEvent.click(screen.getAllByLabelText('Select row')[0]);
    expect(screen.getByLabelText('selected').textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(location).toContain('sortAsc=false');
    expect(screen.getByLabelText('selected').textContent).toBe('');
  });

  it('shows the empty text only once the list answered', async () => {
    let answer: (list: TList<Row>) => void = () => {};
    setup('/x', () => new Promise((resolve) => (answer = resolve)));
    const emptyCell = () => screen.getAllByRole('cell')[0];
    expect(emptyCell().textContent).toBe('');
    act(() => answer({ items: [], total: 0 }));
    await waitFor(() => expect(emptyCell().textContent).toBe('No data'));
  });
});
