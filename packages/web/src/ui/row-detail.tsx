// A row's detail: the values of the columns that gave way (the table rule), opened from the row.
import type { ReactNode } from 'react';
import { ActionIcon, Button, Popover, Stack, Table } from '@mantine/core';
import classes from './data-table.module.css';

export function DetailToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      size="sm"
      aria-label={open ? 'Hide details' : 'Show details'}
      aria-expanded={open}
      onClick={onToggle}
    >
      <span aria-hidden>{open ? '▾' : '▸'}</span>
    </ActionIcon>
  );
}

/** The row under a row: each column that gave way as its header and value, kept in view at the left. */
export function DetailRow({
  span,
  items,
}: {
  span: number;
  items: { id: string; label: ReactNode; value: ReactNode }[];
}) {
  return (
    <Table.Tr data-row-detail>
      <Table.Td colSpan={span}>
        <dl className={classes.detail}>
          {items.map((item) => (
            <div key={item.id} className={classes.detailItem}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      </Table.Td>
    </Table.Tr>
  );
}

/** On a phone a row's actions open from one button, so the row keeps its name and money in view. */
export function FoldedActions({ children }: { children: ReactNode }) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button size="compact-xs" variant="light">
          Actions
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} align="stretch" className={classes.foldedActions}>
          {children}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
