// 'Prev', '{page} of {pagesTotal}', 'Next'; hidden with no rows; Ctrl+Left and Ctrl+Right page.
import { useEffect } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { formatCount } from '@salesdesk/contract';

export type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

export function pagesTotal(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function Pagination({ page, pageSize, total, onPageChange }: PaginationProps) {
  const pages = pagesTotal(total, pageSize);
  const hidden = total <= 0;

  useEffect(() => {
    if (hidden) return;
    const onKey = (e: KeyboardEvent) => {
      // Ctrl+arrows move by word inside text fields: leave those alone.
      if (!e.ctrlKey || isEditable(e.target)) return;
      if (e.key === 'ArrowLeft' && page > 1) onPageChange(page - 1);
      else if (e.key === 'ArrowRight' && page < pages) onPageChange(page + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hidden, page, pages, onPageChange]);

  if (hidden) return null;
  return (
    <nav aria-label="Pagination">
      <Group gap="xs" justify="center" my="sm">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Prev
        </Button>
        <Text size="sm" aria-live="polite">
          {formatCount(page)} of {formatCount(pages)}
        </Text>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </Group>
    </nav>
  );
}
