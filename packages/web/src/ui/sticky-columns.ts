// The left offsets of a table's kept (sticky) leading columns: each starts where the ones before it end.
import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Measures the first `count` header cells of the table at `ref` (the table). `columns` names the visible columns,
 * so a new column set is measured afresh; a cell or the table changing size (new rows, fonts loaded)
 * is measured again.
 */
export function useStickyOffsets(ref: RefObject<HTMLTableElement | null>, count: number, columns: string) {
  const [lefts, setLefts] = useState<number[]>([]);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table || count === 0) return;
    const cells = Array.from(table.querySelectorAll('thead > tr:first-child > th')).slice(0, count);
    const measure = () => {
      let left = 0;
      const next = cells.map((cell) => {
        const at = left;
        left += cell.getBoundingClientRect().width;
        return Math.round(at);
      });
      setLefts((prev) => (prev.length === next.length && prev.every((v, i) => v === next[i]) ? prev : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    cells.forEach((cell) => observer.observe(cell));
    return () => observer.disconnect();
  }, [ref, count, columns]);
  return lefts;
}
