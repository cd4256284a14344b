import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';
import { renderUi } from './test-utils';

describe('Pagination', () => {
  it("shows '{page} of {pagesTotal}' with Prev and Next", () => {
    const onPageChange = vi.fn();
    renderUi(<Pagination page={2} pageSize={50} total={120} onPageChange={onPageChange} />);
    expect(screen.getByText('2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('writes page counts with thousands separators', () => {
    renderUi(<Pagination page={1200} pageSize={50} total={100_000} onPageChange={() => {}} />);
    expect(screen.getByText('1,200 of 2,000')).toBeTruthy();
  });

  it('is hidden when total is 0', () => {
    renderUi(<Pagination page={1} pageSize={50} total={0} onPageChange={() => {}} />);
    expect(screen.queryByText(/of/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('disables Prev on the first page and Next on the last', () => {
    renderUi(<Pagination page={1} pageSize={50} total={50} onPageChange={() => {}} />);
    expect(screen.getByText('1 of 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages with Ctrl+Left and Ctrl+Right within bounds', () => {
    const onPageChange = vi.fn();
    const { rerender } = renderUi(
      <Pagination page={1} pageSize={10} total={30} onPageChange={onPageChange} />,
    );
    fireEvent.keyDown(window, { key: 'ArrowLeft', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true });
    expect(onPageChange.mock.calls).toEqual([[2]]);
    rerender(<Pagination page={3} pageSize={10} total={30} onPageChange={onPageChange} />);
    fireEvent.keyDown(window, { key: 'ArrowRight', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'ArrowLeft', ctrlKey: true });
    expect(onPageChange.mock.calls).toEqual([[2], [2]]);
  });

  it('leaves Ctrl+arrows alone inside text fields and when hidden', () => {
    const onPageChange = vi.fn();
    const { rerender } = renderUi(
      <>
        <input aria-label="search" />
        <Pagination page={2} pageSize={10} total={30} onPageChange={onPageChange} />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('search'), { key: 'ArrowLeft', ctrlKey: true });
    rerender(<Pagination page={2} pageSize={10} total={0} onPageChange={onPageChange} />);
    fireEvent.keyDown(window, { key: 'ArrowLeft', ctrlKey: true });
    expect(onPageChange).not.toHaveBeenCalled();
  });
});
