// A report figure that opens what it is made of (the admins' invalid clicks by reason). The figure is a
// button so the keyboard reaches it; the parts open in a popover, outside the table's own layout.
import { Anchor, Popover, Table } from '@mantine/core';
import { formatCount, type TStatsBreakdown } from '@salesdesk/contract';

export type BreakdownCellProps = {
  /** The figure as the cell shows it. */
  shown: string;
  /** The column's header, naming the button and so the popover ('Invalid by reason: 4'). */
  header: string;
  parts: TStatsBreakdown;
};

export function BreakdownCell({ shown, header, parts }: BreakdownCellProps) {
  const title = `${header} by reason`;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Anchor component="button" type="button" fz="inherit" aria-label={`${title}: ${shown}`}>
          {shown}
        </Anchor>
      </Popover.Target>
      {/* Named by its button (Mantine labels the dropdown by its target). */}
      <Popover.Dropdown>
        <Table fz="sm" verticalSpacing={2} withRowBorders={false}>
          <Table.Tbody>
            {parts.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.label}</Table.Td>
                <Table.Td ta="right">{formatCount(p.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
