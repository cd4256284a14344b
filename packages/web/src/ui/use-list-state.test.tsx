import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import './test-utils';
import { useListState, type ListStateOptions } from './use-list-state';

function setup(route: string, options?: ListStateOptions<string, string>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useListState(options), location: useLocation() }), { wrapper });
}

describe('useListState', () => {
  it('reads defaults when the query is empty', () => {
    const { result } = setup('/app/offices', { defaultSortField: 'officeName' });
    expect(result.current.list.query).toEqual({
      page: 1,
      pageSize: 50,
      sortField: 'officeName',
      sortAsc: true,
      criteria: [],
    });
  });

  it('reads page, page size, sort and criteria from the URL', () => {
    const { result } = setup('/app/offices?page=3&pageSize=20&sortField=regTime&sortAsc=false&username=bob');
    expect(result.current.list.filters).toEqual({ username: 'bob' });
    expect(result.current.list.query).toEqual({
      page: 3,
      pageSize: 20,
      sortField: 'regTime',
      sortAsc: false,
      criteria: [{ field: 'username', value: 'bob', operator: 'LIKE' }],
    });
  });

  it('ignores a bad page and keeps non-filter keys out when filterKeys is given', () => {
    const { result } = setup('/app/agents?page=-2&companyId=7&dateRange=x', {
      filterKeys: ['companyId'],
      operators: { companyId: 'EQ' },
    });
    expect(result.current.list.page).toBe(1);
    expect(result.current.list.query.criteria).toEqual([{ field: 'companyId', value: '7', operator: 'EQ' }]);
  });

  it('writes page and sort into the URL', () => {
    const { result } = setup('/app/offices?username=bob');
    act(() => result.current.list.setPage(4));
    expect(result.current.location.search).toBe('?username=bob&page=4');
    act(() => result.current.list.setSort('officeName', false));
    expect(result.current.list.query).toMatchObject({ page: 4, sortField: 'officeName', sortAsc: false });
    expect(new URLSearchParams(result.current.location.search).get('sortAsc')).toBe('false');
  });

  it('resets the page to 1 when the search changes and drops blank criteria', () => {
    const { result } = setup('/app/offices?page=5&sortField=username&sortAsc=true&username=bob');
    act(() => result.current.list.setFilters({ username: '', officeName: 'North' }));
    expect(result.current.list.page).toBe(1);
    expect(result.current.list.filters).toEqual({ officeName: 'North' });
    const params = new URLSearchParams(result.current.location.search);
    expect(params.get('page')).toBeNull();
    expect(params.get('username')).toBeNull();
    expect(params.get('sortField')).toBe('username');
  });

  it('reads sortAsc=false as false and anything but "true" as descending', () => {
    expect(setup('/x?sortField=username&sortAsc=false').result.current.list.sortAsc).toBe(false);
    expect(setup('/x?sortField=username&sortAsc=0').result.current.list.sortAsc).toBe(false);
    expect(setup('/x?sortField=username&sortAsc=true').result.current.list.sortAsc).toBe(true);
  });

  it('drops a sort field outside sortFields and trims stored search text', () => {
    const { result } = setup('/x?sortField=password', {
      sortFields: ['username', 'regTime'],
      defaultSortField: 'regTime',
      filterKeys: ['username'],
    });
    expect(result.current.list.sortField).toBe('regTime');
    act(() => result.current.list.setFilters({ username: ' bob ' }));
    expect(result.current.list.filters).toEqual({ username: 'bob' });
  });

  it('keeps the same query object while the URL is unchanged', () => {
    const { result, rerender } = setup('/app/offices?username=bob', { filterKeys: ['username'] });
    const first = result.current.list.query;
    rerender();
    expect(result.current.list.query).toBe(first);
  });
});
