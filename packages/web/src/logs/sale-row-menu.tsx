// The row menu of the sale logs for those who may change money: an approved sale or bonus is refunded
// or charged back, a held one approved or rejected. Other rows (reversals, adjustments) have none.
import { ActionIcon, Menu } from '@mantine/core';
import { formatRecordType, isSaleEvent, type TSaleLogRow } from '@salesdesk/contract';
import { SALE_ACTIONS, type SaleAction } from './sale-actions';

/** The actions a row offers: none for a reversed, rejected, reversal or adjustment row. */
export function rowActions(row: TSaleLogRow): SaleAction[] {
  if (!isSaleEvent(row.eventType)) return [];
  if (row.status === 'approved') return ['refund', 'chargeback'];
  if (row.status === 'held') return ['approve', 'reject'];
  return [];
}

export function SaleRowMenu({ row, onAction }: { row: TSaleLogRow; onAction: (action: SaleAction) => void }) {
  const actions = rowActions(row);
  if (!actions.length) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Actions for ${formatRecordType(row.eventType).toLowerCase()} ${row.id}`}
        >
          <span aria-hidden>⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action} onClick={() => onAction(action)}>
            {SALE_ACTIONS[action].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
